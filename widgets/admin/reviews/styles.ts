import { bonesCss } from '../../../ui/styles.ts';

/** The review queue's sheet (loads with its chunk). */
export const queueCss = `
.queue{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.head{display:flex;align-items:baseline;justify-content:space-between;gap:8px;flex-wrap:wrap}
h3{margin:0;font-size:18px}p{margin:0}
.muted{color:var(--_muted);font-size:14px}.strong{font-weight:600}
.ok{color:var(--_accent);font-weight:600}
.empty{border:1px dashed var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*5) calc(var(--_space)*2);
text-align:center;color:var(--_muted)}
${bonesCss(120)}
.bulk,.actions,.top{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.meta{display:flex;flex-wrap:wrap;gap:2px 16px}
.check{display:inline-flex;align-items:center;gap:8px;min-height:44px;font-weight:600;cursor:pointer}
input[type=checkbox]{width:20px;height:20px;margin:0;accent-color:var(--_accent);cursor:pointer}
.btn{cursor:pointer;min-height:44px;padding:8px 16px;border-radius:calc(var(--_radius) - 2px);font-weight:600;
border:1px solid var(--_border);background:var(--_bg);color:var(--_text)}
.primary{border-color:var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.btn:disabled{opacity:.5;cursor:not-allowed}[aria-busy=true]{cursor:progress;opacity:.75}
.confirm{display:flex;flex-direction:column;gap:8px;padding:calc(var(--_space)*2);border:1px solid var(--_accent);
border-radius:var(--_radius)}
.confirm p{font-weight:600}.confirm p:focus{outline:none}
.list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.card{border:1px solid var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*2);display:flex;
flex-direction:column;gap:8px;background:var(--_bg)}
.stars{color:var(--_star);letter-spacing:1px;font-size:16px}
.title{overflow-wrap:anywhere}
.body,.reply{white-space:pre-wrap;overflow-wrap:anywhere;text-align:match-parent}
.reply{border-inline-start:3px solid var(--_border);padding-inline-start:10px}
.replyform{display:flex;flex-direction:column;gap:6px}
textarea{font:inherit;color:inherit;background:var(--_bg);border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);
padding:8px;min-height:88px;resize:vertical}
.card.focus{border-color:var(--_accent);box-shadow:0 0 0 2px var(--_accent)}
.note{padding:calc(var(--_space)*1.5);border:1px solid var(--_border);border-inline-start:4px solid var(--_accent);
border-radius:var(--_radius)}
`;
