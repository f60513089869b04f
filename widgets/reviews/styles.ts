export const reviewsCss = `
:host{max-width:760px}
.root{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
h2,h3{margin:0;line-height:1.25}.h{font-size:21.6px}h3{font-size:16.8px}
p{margin:0}
.muted,.meta{color:var(--_muted);font-size:14.4px}
.err{color:var(--_danger);font-size:14.4px}
.stars{position:relative;display:inline-block;width:max-content;font-size:16.8px;line-height:1;letter-spacing:2px;color:var(--_border)}
.stars::before{content:'★★★★★'}
.stars i{position:absolute;inset-block:0;inset-inline-start:0;overflow:hidden;white-space:nowrap;color:var(--_star);font-style:normal}
.stars i::before{content:'★★★★★'}
.summary{display:flex;flex-wrap:wrap;gap:calc(var(--_space)*3);align-items:center}
.avg{display:flex;flex-direction:column;gap:4px;align-items:flex-start}
.big{font-size:38.4px;line-height:1}
.hist,.list,.photos{list-style:none;margin:0;padding:0}
.hist{flex:1 1 240px;display:grid;gap:2px}
.bar{display:grid;grid-template-columns:2.4em 1fr 2.5em;gap:var(--_space);align-items:center;width:100%;min-height:32px;
padding:2px 6px;border:1px solid transparent;border-radius:calc(var(--_radius) - 2px);background:none;cursor:pointer;text-align:start}
.bar[aria-pressed=true]{border-color:var(--_accent)}
.bar:disabled{cursor:default;opacity:.6}
.track{height:10px;border-radius:5px;background:var(--_border);overflow:hidden}
.track span{display:block;height:100%;background:var(--_star)}
.tools,.row{display:flex;flex-wrap:wrap;gap:var(--_space);align-items:center}
.tools{justify-content:space-between}
select,input,textarea{min-height:44px;padding:8px 10px;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);background:var(--_bg)}
textarea{width:100%;resize:vertical}
.list{display:flex;flex-direction:column}
.list>li+li{border-top:1px solid var(--_border)}
.review{display:flex;flex-direction:column;gap:6px;padding:calc(var(--_space)*2) 0}
.body{white-space:pre-line;overflow-wrap:anywhere}
.title,.author{font-weight:600}
.meta{display:flex;flex-wrap:wrap;gap:4px 12px}
.badge{color:var(--_accent);font-weight:600}
.photos{display:flex;flex-wrap:wrap;gap:var(--_space)}
.thumb{padding:0;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);overflow:hidden;background:none;cursor:zoom-in;line-height:0}
img,canvas{object-fit:cover;border-radius:calc(var(--_radius) - 3px)}
canvas{display:block;width:72px;height:72px}
.reply{margin-inline-start:var(--_space);padding:var(--_space) calc(var(--_space)*1.5);border-inline-start:3px solid var(--_accent);background:color-mix(in srgb,var(--_accent) 8%,var(--_bg))}
.rh{font-weight:600;font-size:14.4px}
.lightbox{max-width:min(92vw,900px);padding:var(--_space);border:none;border-radius:var(--_radius);background:var(--_bg);color:var(--_text);box-shadow:var(--_shadow)}
.lightbox::backdrop{background:rgb(0 0 0/.7)}
.lightbox img{display:block;max-width:100%;max-height:75vh;margin:0 auto var(--_space);object-fit:contain}
button{cursor:pointer;min-height:44px;border-radius:calc(var(--_radius) - 2px);font-weight:600}
button:disabled{cursor:not-allowed;opacity:.7}
.primary{padding:10px 18px;border:1px solid var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.secondary{padding:10px 18px;border:1px solid var(--_accent);background:var(--_bg);color:var(--_accent)}
.danger{padding:10px 18px;border:1px solid var(--_danger);background:var(--_bg);color:var(--_danger)}
.link{padding:8px 4px;border:none;background:none;color:var(--_accent);text-decoration:underline;text-underline-offset:3px}
.arr{display:inline-block}.arr:dir(rtl){transform:scaleX(-1)}
.note,.queue,.form{display:flex;flex-direction:column;gap:calc(var(--_space)*1.5);padding:calc(var(--_space)*2);border:1px solid var(--_border);border-radius:var(--_radius)}
.queue{border-color:var(--_star)}
.field{display:flex;flex-direction:column;gap:4px}
label,legend{font-weight:600;font-size:14.4px}
[aria-invalid=true]{border-color:var(--_danger)}
fieldset{margin:0;padding:0;border:none;display:flex;flex-wrap:wrap;align-items:center}
legend{margin-bottom:4px;width:100%}
.stars-input label{position:relative;cursor:pointer;font-size:32px;line-height:1;color:var(--_muted);padding:2px}
.stars-input label.on{color:var(--_star)}
.stars-input input{position:absolute;opacity:0;width:1px;height:1px;min-height:0}
.stars-input input:focus-visible+span{outline:2px solid var(--_accent);outline-offset:2px;border-radius:4px}
.stars-input .err{width:100%}
.preview{position:relative}
.x{position:absolute;top:-8px;inset-inline-end:-8px;min-height:28px;width:28px;padding:0;border:1px solid var(--_border);border-radius:50%;background:var(--_bg);color:var(--_text);line-height:1}
.empty{padding:calc(var(--_space)*2);border:1px dashed var(--_border);border-radius:var(--_radius);text-align:center;color:var(--_muted)}
`;
