import { bonesCss, errCss } from '../../../ui/styles.ts';

/**
 * The Settings tab's sheet: the list of sections (cards with a name and a line about it); at ≥ 900 px the list stays
 * beside the open section as a side list; below, the open section takes the width and "All settings" leads back.
 */
export const settingsCss = `
.sc{container:settings/inline-size}
.set{display:grid;gap:calc(var(--_space)*2);align-items:start}
.set h3{margin:0;font-size:18px}
.nav ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.nav button{all:unset;box-sizing:border-box;display:flex;flex-direction:column;gap:2px;width:100%;min-height:44px;
padding:12px 14px;border:1px solid var(--_border);border-radius:var(--_radius);background:var(--_bg);color:var(--_text);
cursor:pointer;text-align:start}
.nav button:hover{border-color:var(--_accent)}
.nav button:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
.nav button[aria-current=true]{border-color:var(--_accent);box-shadow:inset 3px 0 0 var(--_accent)}
.nav .name{font-weight:600}.nav .about{color:var(--_muted);font-size:14px}
.pane{min-width:0;display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.back{all:unset;cursor:pointer;align-self:flex-start;min-height:44px;display:inline-flex;align-items:center;gap:6px;
color:var(--_accent);font-weight:600}
.back:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
.back::before{content:'←'}:host(:dir(rtl)) .back::before,[dir=rtl] .back::before{content:'→'}
.set.open>.nav{display:none}
@container settings (min-width:900px){
.set{grid-template-columns:minmax(220px,280px) minmax(0,1fr)}
.set.open>.nav{display:block}.set .back{display:none}
.nav .about{display:none}.set:not(.open) .nav .about{display:block}
.set:not(.open){grid-template-columns:minmax(0,640px)}
}
${errCss}
${bonesCss(64)}
`;
