export const reviewsCss = `
.root{display:flex;flex-direction:column;gap:calc(var(--_space)*2.5)}
.wait{min-height:420px}
h2,h3{margin:0;line-height:1.25}.h{font-size:21.6px}h3{font-size:16.8px}
p{margin:0}
.muted,.meta,.hint{color:var(--_muted);font-size:14.4px}
.err{color:var(--_danger);font-size:14.4px}
.stars{position:relative;display:inline-block;width:max-content;font-size:16.8px;line-height:1;letter-spacing:2px;color:var(--_border)}
.stars::before{content:'★★★★★'}
.stars i{position:absolute;inset-block:0;inset-inline-start:0;overflow:hidden;white-space:nowrap;color:var(--_star);font-style:normal}
.stars i::before{content:'★★★★★'}
.summary{display:flex;flex-wrap:wrap;gap:calc(var(--_space)*2) calc(var(--_space)*4);align-items:center}
.avg{display:flex;flex-direction:column;gap:4px;align-items:flex-start}
.big{font-size:44px;line-height:1}
.hist,.list,.photos{list-style:none;margin:0;padding:0}
.hist{flex:1 1 260px;max-width:460px;display:grid;gap:2px}
.write{margin-inline-start:auto}
.bar{display:grid;grid-template-columns:2.4em 1fr 2.5em;gap:var(--_space);align-items:center;width:100%;min-height:32px;
padding:2px 6px;border:1px solid transparent;border-radius:calc(var(--_radius) - 2px);background:none;cursor:pointer;text-align:start}
.bar[aria-pressed=true]{border-color:var(--_accent)}
.bar:disabled{cursor:default;opacity:.6}
.track{height:10px;border-radius:5px;background:var(--_border);overflow:hidden}
.track span{display:block;height:100%;background:var(--_star)}
.empty.first{display:flex;flex-direction:column;align-items:center;gap:var(--_space);padding-block:calc(var(--_space)*4)}
.first .write{margin:var(--_space) 0 0}
.first .ft{color:var(--_text)}
.ft{display:flex;gap:var(--_space);align-items:center;font-weight:600;font-size:18px}
.ft svg{flex:none;color:var(--_accent)}
.tools,.row{display:flex;flex-wrap:wrap;gap:var(--_space);align-items:center}
.tools{justify-content:space-between;padding-bottom:var(--_space);border-bottom:1px solid var(--_border)}
.chip{display:inline-flex;align-items:center;gap:6px;padding:8px 16px;border:1px solid var(--_border);border-radius:999px;background:var(--_bg)}
.chip svg{width:18px;height:18px}
.chip[aria-pressed=true]{border-color:var(--_accent);color:var(--_accent);background:color-mix(in srgb,var(--_accent) 12%,var(--_bg))}
select,input,textarea{min-height:44px;padding:8px 10px;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);background:var(--_bg)}
textarea{width:100%;resize:vertical}
.list{display:flex;flex-direction:column;container-type:inline-size}
.list>li+li{border-top:1px solid var(--_border)}
.review,.what,.sk-review{display:flex;flex-direction:column;gap:6px;min-width:0}
.review,.sk-review{padding:calc(var(--_space)*2.5) 0}
.sk-review{gap:10px}.sk-review>*{height:14px}.sk-review>:first-child{width:96px;height:16px}.sk-review>:last-child{width:70%}
.sk-sum{height:120px;max-width:600px}
@container (min-width:640px){.review{display:grid;grid-template-columns:minmax(140px,200px) 1fr;gap:calc(var(--_space)*3)}
.review>.meta{flex-direction:column;gap:2px}}
.body{white-space:pre-line;overflow-wrap:anywhere}
.title,.author{font-weight:600;color:var(--_text)}
.meta{display:flex;flex-wrap:wrap;gap:4px 12px}
.badge{color:var(--_accent);font-weight:600}
.photos{display:flex;flex-wrap:wrap;gap:var(--_space)}
.thumb{padding:0;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);overflow:hidden;background:none;cursor:zoom-in;line-height:0}
img,canvas{object-fit:cover;border-radius:calc(var(--_radius) - 3px)}
.reply{margin-inline-start:var(--_space);padding:var(--_space) calc(var(--_space)*1.5);border-inline-start:3px solid var(--_accent);background:color-mix(in srgb,var(--_accent) 8%,var(--_bg))}
.rh{font-weight:600;font-size:14.4px}
.more{align-self:center}
button{cursor:pointer;min-height:44px;border-radius:calc(var(--_radius) - 2px);font-weight:600}
button:disabled{cursor:not-allowed;opacity:.7}
.primary{padding:10px 18px;border:1px solid var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.secondary{padding:10px 18px;border:1px solid var(--_accent);background:var(--_bg);color:var(--_accent)}
.danger{padding:10px 18px;border:1px solid var(--_danger);background:var(--_bg);color:var(--_danger)}
.link{padding:8px 4px;border:none;background:none;color:var(--_accent);text-decoration:underline;text-underline-offset:3px}
.note,.queue,.form{display:flex;flex-direction:column;gap:calc(var(--_space)*1.5);padding:calc(var(--_space)*2);border:1px solid var(--_border);border-radius:var(--_radius)}
.note{border-color:var(--_accent)}
.queue{border-color:var(--_star)}
label,legend{font-weight:600;font-size:14.4px}
.empty{padding:calc(var(--_space)*2);border:1px dashed var(--_border);border-radius:var(--_radius);text-align:center;color:var(--_muted)}
@media (max-width:600px){.summary .write{flex:1 1 100%}}
`;
