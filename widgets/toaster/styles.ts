import { TOAST_GAP_PX, TOAST_WIDTH_PX } from '../../core/constants.ts';

export const toasterCss = `
:host{display:contents}
section{position:fixed;z-index:2147483000;bottom:16px;inset-inline-end:16px;width:${TOAST_WIDTH_PX}px;
max-width:calc(100vw - 32px);pointer-events:none}
section:focus-visible{outline:none}
section:focus-visible ol{outline:2px solid var(--_accent);outline-offset:4px;border-radius:var(--_radius)}
ol{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:${TOAST_GAP_PX}px}
li{pointer-events:auto;display:grid;grid-template-columns:auto 1fr auto;gap:10px;align-items:start;
padding:14px;padding-inline-start:16px;background:var(--_bg);color:var(--_text);border:1px solid var(--_border);
border-radius:var(--_radius);box-shadow:var(--_shadow);font-size:14.4px;animation:in .18s ease-out}
li[data-type=error]{border-color:var(--_danger)}
.icon{width:20px;height:20px;border-radius:50%;display:grid;place-items:center;font-size:12px;font-weight:700;
background:var(--_accent);color:var(--_accent-text)}
li[data-type=error] .icon,li[data-type=warning] .icon{background:var(--_danger);color:var(--_bg)}
li[data-type=loading] .icon{background:none;border:2px solid var(--_border);border-top-color:var(--_accent);
animation:spin .8s linear infinite}
.title{margin:0;font-weight:600}
.desc{margin:2px 0 0;color:var(--_muted)}
.actions{display:flex;gap:6px;align-items:center}
button{cursor:pointer;border-radius:calc(var(--_radius) - 2px);border:1px solid var(--_border);background:none;
padding:4px 10px;min-height:32px}
button.close{border:none;padding:0;width:32px;font-size:18px;line-height:1;color:var(--_muted)}
@keyframes in{from{opacity:0;transform:translateY(8px)}}
@keyframes spin{to{transform:rotate(1turn)}}
@media (prefers-reduced-motion:reduce){li,li[data-type=loading] .icon{animation:none}}
@media (max-width:480px){section{inset-inline:8px;bottom:8px;width:auto;max-width:none}}
`;
