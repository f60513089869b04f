/** The media section's file panel (loads with its chunk; the section's sheet gives buttons, inputs and badges). */
export const detailCss = `.details{display:flex;flex-direction:column;gap:calc(var(--_space)*1.5);border:1px solid var(--_border);
border-radius:var(--_radius);padding:calc(var(--_space)*2);background:var(--_bg)}h4,h5{margin:0;font-size:15px}
.meta{display:flex;flex-wrap:wrap;align-items:center;gap:8px}.IN_MODERATION{border-color:#b45309;color:#b45309}
.REJECTED{border-color:var(--_danger);color:var(--_danger)}
.details h4:focus{outline:none}.big{max-width:100%;max-height:320px;object-fit:contain;align-self:flex-start;
border-radius:calc(var(--_radius) - 2px)}
.field{display:flex;flex-direction:column;gap:4px;font-weight:600;font-size:14px;flex:1 1 200px}
.READY,.APPROVED{border-color:var(--_accent);color:var(--_accent)}
.review{border-top:1px solid var(--_border);padding-top:12px;display:flex;flex-direction:column;gap:8px;align-items:flex-start}`;
