import { adoptSheet } from '../../core/element.ts';

/**
 * The sheet of `<inlay-login>`'s surfaces (the sign-in panel, the member menu, the profile panel): it loads with
 * them and is added to the widget's shadow root as one more constructable stylesheet, before they paint.
 * Phones: a panel is a sheet at the bottom over a scrim, a spread shadow (a tap on it reaches the page, which closes
 * the sheet). The panels move in; nothing moves under reduced motion.
 */
export const panelCss = `
.wide{width:100%;margin-top:8px}
.link{padding:6px 2px;color:var(--_accent);text-decoration:underline;text-underline-offset:3px;font-weight:500;
min-height:32px;align-self:flex-start;text-align:start}
.panel{position:absolute;z-index:20;inset-inline-end:0;top:calc(100% + 6px);width:340px;max-width:calc(100vw - 16px);
padding:calc(var(--_space)*2);border:1px solid var(--_border);border-radius:var(--_radius);background:var(--_bg);
box-shadow:var(--_shadow);display:flex;flex-direction:column;gap:6px;transition:opacity .18s ease-out,transform .18s ease-out}
@starting-style{.panel{opacity:0;transform:translateY(-6px)}}
.panel.out,[data-out]>.panel{opacity:0;transform:translateY(-6px);pointer-events:none}
.surface{display:contents}
.profile{width:min(480px,calc(100vw - 16px));max-height:calc(100vh - 96px);overflow:auto}
.menu{width:240px;padding:var(--_space)}
.menu button{display:block;width:100%;text-align:start;padding:8px 12px;font-weight:500}
.menu button:hover,.menu button:focus{background:color-mix(in srgb,var(--_accent) 14%,transparent)}
.who,.hint{margin:0;color:var(--_muted);font-size:13.6px;overflow-wrap:anywhere}
.who{padding:6px 12px}
.head{display:flex;align-items:center;justify-content:space-between}
.title{margin:0;font-weight:700;font-size:17.6px;outline:none}
.x{font-size:24px;min-width:44px;color:var(--_muted)}
form,.form{display:flex;flex-direction:column;gap:6px}
p{margin:0}
label{font-weight:600;font-size:14.4px;margin-top:4px}
input:not([type=checkbox]){width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--_border);
border-radius:calc(var(--_radius) - 2px);background:var(--_bg)}
input[aria-invalid=true]{border-color:var(--_danger)}
.code{letter-spacing:.3em}
.check{display:flex;align-items:center;gap:8px;font-weight:400;margin:0}
.check input{width:18px;height:18px;margin:0}
.err{font-size:14.4px;color:var(--_danger)}
.notice{font-size:14.4px}
.pw{border-top:1px solid var(--_border);margin-top:10px;padding-top:10px}
.sub{font-weight:700;font-size:16px}
@media (max-width:480px){.panel{position:fixed;inset:auto 8px 8px;width:auto;max-height:calc(100vh - 16px);overflow:auto;
box-shadow:var(--_shadow),0 0 0 100vmax rgb(0 0 0/.45)}
@starting-style{.panel{transform:translateY(24px)}}
.panel.out,[data-out]>.panel{transform:translateY(24px)}}
@media (prefers-reduced-motion:reduce){.panel{transition:none}}
`;

/** Adds the surfaces' sheet to the shadow root holding `node` (once). */
export const adoptPanelCss = (node: Node | null | undefined): void => adoptSheet(node, panelCss);
