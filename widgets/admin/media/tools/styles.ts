/** The media section's tools (load with their chunk; the section's sheet gives buttons, inputs and the failure line). */
export const toolsCss = `.drop{flex:1 1 200px}label.btn{position:relative}label.btn:focus-within{outline:3px solid var(--_accent);outline-offset:2px}
.ups{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}
.ups li{display:grid;grid-template-columns:minmax(0,1fr) minmax(80px,40%);gap:8px;align-items:center}
.ups li:has(.err){display:block}.ups .name{display:block;white-space:nowrap;text-overflow:ellipsis}
progress{width:100%;height:10px;accent-color:var(--_accent)}`;
