/** The toasts' own sheet: it travels with them (toast-list.tsx), added to the element's shadow root with the first toast. */
export const itemsCss = `
li{pointer-events:auto;display:grid;grid-template-columns:auto 1fr auto;gap:10px;align-items:start;
padding:14px;padding-inline-start:16px;background:var(--_bg);color:var(--_text);border:1px solid var(--_border);
border-radius:var(--_radius);box-shadow:var(--_shadow);font-size:14.4px;animation:in .18s ease-out}
li[data-leaving]{animation:out .2s ease-in forwards}
li[data-type=error]{background:color-mix(in srgb,var(--_danger) 7%,var(--_bg));border-color:color-mix(in srgb,var(--_danger) 45%,var(--_bg))}
li[data-type=error] .title{color:var(--_danger)}
.icon{width:20px;height:20px;border-radius:50%;display:grid;place-items:center;font-size:12px;font-weight:700;
background:var(--_accent);color:var(--_accent-text)}
li[data-type=error] .icon,li[data-type=warning] .icon{background:var(--_danger);color:var(--_bg)}
li[data-type=loading] .icon{background:none;border:2px solid var(--_border);border-top-color:var(--_accent);
animation:spin .8s linear infinite}
.title{margin:0;font-weight:600}
.desc{margin:2px 0 0;color:var(--_muted);overflow-wrap:anywhere}
.actions{display:contents}
button{cursor:pointer;border-radius:calc(var(--_radius) - 2px);border:1px solid var(--_border);background:var(--_bg);
padding:4px 12px;min-height:32px;font-weight:600}
li>.actions>button:not(.close){grid-column:2;justify-self:start}
li[data-type=error] button:not(.close){border-color:color-mix(in srgb,var(--_danger) 45%,var(--_bg));color:var(--_danger)}
button.close{grid-column:3;grid-row:1;margin-block-start:-6px;margin-inline-end:-6px;border:none;padding:0;width:32px;font-size:18px;line-height:1;
color:var(--_muted);background:none;font-weight:400}
@keyframes in{from{opacity:0;transform:translateY(8px)}}
@keyframes out{to{opacity:0;transform:translateY(8px)}}
@keyframes spin{to{transform:rotate(1turn)}}
@media (prefers-reduced-motion:reduce){li,li[data-type=loading] .icon{animation:none}li[data-leaving]{display:none}}
`;
