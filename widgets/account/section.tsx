/**
 * What the account's sections share (each section is a chunk loaded when shown; this module travels with them, never
 * in the page's first load): their stylesheet, added to the element's shadow root as one more constructable sheet, the
 * loading bones and an address as lines.
 */
import type { ComponentChildren } from 'preact';
import { adoptSheet, type WidgetProps } from '../../core/element.ts';
import type { I18n } from '../../core/i18n/index.ts';

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
.btn{cursor:pointer;min-height:44px;border-radius:calc(var(--_radius) - 2px);font-weight:600;text-decoration:none;
display:inline-flex;align-items:center;justify-content:center}
.btn{padding:8px 16px;border:1px solid var(--_border);background:var(--_bg);color:var(--_text)}
.primary{border-color:var(--_accent);background:var(--_accent);color:var(--_accent-text)}
.danger{border-color:var(--_danger);color:var(--_danger)}
.wide{width:100%}
.back{align-self:flex-start}
[aria-busy=true]{cursor:progress;opacity:.75}
.muted,.hint{color:var(--_muted);font-size:14px}
.strong,.num{font-weight:600}.big{font-size:20px;font-weight:600}
.ok{color:var(--_accent);font-weight:600}.warn{font-weight:600}
.ok:empty{display:none}
.state{display:flex;flex-direction:column;align-items:flex-start;gap:12px;padding:calc(var(--_space)*3) 0}
.empty{align-items:center;text-align:center;border:1px dashed var(--_border);border-radius:var(--_radius);
padding:calc(var(--_space)*5) calc(var(--_space)*2)}
.orders,.lines,.items,.history{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.card{border:1px solid var(--_border);border-radius:var(--_radius);padding:calc(var(--_space)*2);display:flex;
flex-direction:column;gap:6px;background:var(--_bg)}
.row{display:flex;align-items:center;justify-content:space-between;gap:8px;flex-wrap:wrap}
.amt{font-variant-numeric:tabular-nums;font-weight:600;white-space:nowrap}
.chips{display:flex;flex-wrap:wrap;gap:6px}
.chip{display:inline-block;padding:2px 10px;border-radius:999px;border:1px solid var(--_border);font-size:13px;
font-weight:600;white-space:nowrap}
.thumbs{display:flex;gap:6px}
.thumbs img,.line img,.noimg{border-radius:calc(var(--_radius) - 2px);object-fit:cover;background:var(--_border)}
.thumbs img{width:44px;height:44px}
.line{display:grid;grid-template-columns:64px minmax(0,1fr) auto;gap:12px;align-items:start}
.line img,.noimg{width:64px;height:64px;display:block}
.grow{flex:1;min-width:0}
.actions{display:flex;flex-wrap:wrap;gap:8px}
.confirm,.danger-zone form{display:flex;flex-direction:column;gap:8px;padding:calc(var(--_space)*2);
border:1px solid var(--_border);border-radius:var(--_radius)}
.danger-zone{border-top:1px solid var(--_border);padding-top:calc(var(--_space)*2);display:flex;flex-direction:column;gap:8px;
align-items:flex-start}
.danger-zone form{align-self:stretch}
.totals{margin:0;display:flex;flex-direction:column;gap:4px;border-top:1px solid var(--_border);padding-top:12px}
.totals dd{margin:0;font-variant-numeric:tabular-nums}
.grand{font-weight:700;font-size:18px}
.cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:calc(var(--_space)*2)}
.addr{display:flex;flex-direction:column}
.history li{display:flex;justify-content:space-between;gap:8px;border-inline-start:3px solid var(--_border);
padding-inline-start:10px}
.history time{color:var(--_muted);font-size:14px;white-space:nowrap}
.item{display:flex;align-items:center;gap:8px;flex-wrap:wrap;padding:8px 0;border-bottom:1px solid var(--_border)}
.cards .card{border-bottom:1px solid var(--_border);flex-direction:row;align-items:flex-start}
form{display:flex;flex-direction:column;gap:8px}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:8px 12px}
.field{display:flex;flex-direction:column;gap:4px}.full{grid-column:1/-1}
label{font-weight:600;font-size:14.4px}
input:not([type=checkbox]),select,textarea{width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--_border);
border-radius:calc(var(--_radius) - 2px);background:var(--_bg)}
input[aria-invalid=true],select[aria-invalid=true],textarea[aria-invalid=true]{border-color:var(--_danger)}
.check{display:flex;gap:8px;align-items:center;font-weight:500}
.check input{width:20px;height:20px}
.signin .primary{width:100%;min-height:44px;margin-top:8px;border:1px solid var(--_accent);border-radius:calc(var(--_radius) - 2px);
font-weight:600;cursor:pointer}
.signin .link{align-self:flex-start}
.signin .form{display:flex;flex-direction:column;gap:6px}
form .row{justify-content:flex-start}
`;

/** Adds the sections' sheet to the shadow root holding `node` (once); without constructable sheets they stay plain. */
export const adoptSectionCss = (node: Node | null | undefined): void => adoptSheet(node, sectionCss);

/** Placeholder rows while a section's data loads (the frame's sheet draws them). */
export const Bones = ({ rows = 3 }: { rows?: number }) => (
  <div class="bones" aria-hidden="true">
    {Array.from({ length: rows }, (_, i) => (
      <div key={i} class="skeleton" />
    ))}
  </div>
);

/** A section's root: adopts the sheet as it mounts. */
export const Section = ({ children, class: cls }: { children: ComponentChildren; class?: string }) => (
  <div class={cls ?? 'stack'} ref={adoptSectionCss}>
    {children}
  </div>
);

/** The fields of a postal address (orders say `addressLine1`, members `addressLine`). */
export interface AddressLike {
  addressLine1?: string;
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
  streetAddress?: { number?: string; name?: string };
}

/** An address as lines: name, street, city line, region, country (named in the page's language). */
export function addressLines(i18n: I18n, a?: AddressLike, who?: { firstName?: string; lastName?: string }): string[] {
  if (!a) return [];
  let country = a.country ?? '';
  try {
    if (country) country = new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(country) ?? country;
  } catch {
    /* an unknown code stays as it is */
  }
  const street = a.addressLine1 ?? a.addressLine ?? [a.streetAddress?.number, a.streetAddress?.name].join(' ').trim();
  const region = (a.subdivision ?? '').replace(/^[A-Z]{2}-/, '');
  // North America and Australia write "City, REGION POSTAL"; elsewhere "POSTAL City", the region on its own line
  const cityLine = /^(US|CA|AU)$/.test(a.country ?? '')
    ? [a.city, [region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : [a.postalCode, a.city].filter(Boolean).join(' ');
  return [
    [who?.firstName, who?.lastName].filter(Boolean).join(' '),
    street,
    a.addressLine2 ?? '',
    cityLine,
    /^(US|CA|AU)$/.test(a.country ?? '') ? '' : region,
    country,
  ].filter(Boolean);
}
