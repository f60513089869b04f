/**
 * What the account's sections share (each section is a chunk loaded when shown; this module travels with them, never
 * in the page's first load): their stylesheet, added to the element's shadow root as one more constructable sheet, the
 * section root that adopts it (bones, states and the order view are the apps' shared ui/).
 */
import type { ComponentChildren } from 'preact';
import { adoptSheet, type WidgetProps } from '../../core/element.ts';
import { buttonCss, confirmCss, formCss, orderViewCss } from '../../ui/styles.ts';

/** What the frame gives a section. */
export interface SectionProps extends WidgetProps {
  /** Ids unique to this element (labels, tabs). */
  ids: string;
  /** Which member session of the page this is (a new one for every sign-in). */
  visit: number;
  shopUrl?: string;
  contentAssignee?: string;
}

export const sectionCss = `
h3{margin:0 0 6px;font-size:18px}h3:focus{outline:none}
h4{margin:0 0 4px;font-size:15px}
p{margin:0}
.stack,.detail,.signin{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.signin{max-width:420px;gap:6px}
${buttonCss}
.back{align-self:flex-start}
.muted,.hint{color:var(--_muted);font-size:14px}
.strong,.num{font-weight:600}.big{font-size:20px;font-weight:600}
.ok{color:var(--_accent);font-weight:600}.warn{font-weight:600}
.ok:empty{display:none}
.state{display:flex;flex-direction:column;align-items:flex-start;gap:12px;padding:calc(var(--_space)*3) 0}
.empty{align-items:center;text-align:center;border:1px dashed var(--_border);border-radius:var(--_radius);
padding:calc(var(--_space)*5) calc(var(--_space)*2)}
.orders,.items,.history{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.card{border:1px solid var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*2);display:flex;
flex-direction:column;gap:6px;background:var(--_bg)}
.row{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
.amt{font-variant-numeric:tabular-nums;font-weight:600;white-space:nowrap}
.chips{display:flex;flex-wrap:wrap;gap:6px}
.chip{display:inline-block;padding:2px 10px;border-radius:999px;border:1px solid var(--_border);font-size:13px;
font-weight:600;white-space:nowrap}
.thumbs{display:flex;gap:6px}
.thumbs img{width:44px;height:44px;border-radius:calc(var(--_radius) - 2px);object-fit:cover;background:var(--_border)}
${orderViewCss}
.grow{flex:1;min-width:0}
.actions{display:flex;flex-wrap:wrap;gap:8px}
${confirmCss}
.danger-zone form{display:flex;flex-direction:column;gap:8px;padding:calc(var(--_space)*2);
border:1px solid var(--_border);border-radius:var(--_radius)}
.danger-zone{border-top:1px solid var(--_border);padding-top:calc(var(--_space)*2);display:flex;flex-direction:column;gap:8px;
align-items:flex-start}
.danger-zone form{align-self:stretch}
.history li{display:flex;justify-content:space-between;gap:8px;border-inline-start:3px solid var(--_border);
padding-inline-start:10px}
.history time{color:var(--_muted);font-size:14px;white-space:nowrap}
.item{display:flex;align-items:center;gap:8px;flex-wrap:wrap;padding:8px 0;border-bottom:1px solid var(--_border)}
.cards .card{border-bottom:1px solid var(--_border);flex-direction:row;align-items:flex-start;flex-wrap:wrap;
padding:calc(var(--_space)*2)}
.cards .addr{flex:1 1 12em}
${formCss}
.signin .primary{width:100%;min-height:44px;margin-top:8px;border:1px solid var(--_accent);border-radius:calc(var(--_radius) - 2px);
font-weight:600;cursor:pointer}
.signin .link{align-self:flex-start}
.signin .form{display:flex;flex-direction:column;gap:6px}
form .row{justify-content:flex-start}
form>.btn{align-self:flex-start}
`;

/** Adds the sections' sheet to the shadow root holding `node` (once); without constructable sheets they stay plain. */
export const adoptSectionCss = (node: Node | null | undefined): void => adoptSheet(node, sectionCss);

/** A section's root: adopts the sheet as it mounts. */
export const Section = ({ children, class: cls }: { children: ComponentChildren; class?: string }) => (
  <div class={cls ?? 'stack'} ref={adoptSectionCss}>
    {children}
  </div>
);
