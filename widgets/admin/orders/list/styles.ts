/**
 * The orders list's sheet (loads with its chunk, beside the section's): the saved views, the filters in one row, the
 * chips, the status badges (their tone a dot and a tint; the words keep the page's text colour, so AA in light and
 * dark), the table at ≥ 900 px and the compact cards below it.
 */
export const listCss = `
button.chip{font:inherit;font-size:14px;min-height:32px;padding:4px 12px;background:color-mix(in srgb,var(--_border) 35%,var(--_bg));color:var(--_text);cursor:pointer}
.views{display:flex;flex-wrap:wrap;gap:0 4px;border-bottom:1px solid var(--_border)}
.view{font:inherit;font-weight:600;min-height:40px;padding:6px 12px;border:0;border-bottom:3px solid transparent;background:none;
color:var(--_muted);cursor:pointer;white-space:nowrap}.view[aria-pressed=true]{color:var(--_text);border-bottom-color:var(--_accent);text-decoration:none}
form.filters{display:flex;flex-wrap:wrap;align-items:flex-end;gap:8px 12px}form.filters label{flex:1 1 auto}
form.filters .grow{flex:3 1 240px}.more-fields{display:flex;flex-wrap:wrap;gap:8px 12px;flex:1 1 100%}.more-fields[hidden]{display:none}
.badge{display:inline-flex;align-items:center;gap:6px;font-size:13px;font-weight:600;line-height:1.4;padding:1px 8px;
border-radius:999px;white-space:nowrap;color:var(--_text);--t:var(--_muted);background:color-mix(in srgb,var(--t) 18%,var(--_bg))}
.badge::before{content:"";flex:none;width:8px;height:8px;border-radius:50%;background:var(--t)}
.tn-ok{--t:#2e8b57}.tn-wait{--t:#d9a300}.tn-part{--t:#e8710a}.tn-bad{--t:var(--_danger)}
.orders-t{border-collapse:collapse;width:100%;font-size:14px}
.orders-t th,.orders-t td{padding:4px 8px;border-bottom:1px solid var(--_border);text-align:start;vertical-align:middle;font-weight:400}
.orders-t thead th{font-size:13px;font-weight:600;color:var(--_muted);white-space:nowrap}
.orders-t tbody tr{cursor:pointer}.orders-t tbody tr:hover,.orders-t tr.on{background:color-mix(in srgb,var(--_accent) 8%,var(--_bg))}
.orders-t .num{text-align:end}.c-pick{width:24px}.c-num,.c-date,.c-total,.c-items{white-space:nowrap}
.c-num .link{min-height:28px;padding:2px 0;margin-inline-end:6px}.c-num .badge{margin-inline-end:4px}
.c-cust bdi{display:block;max-width:34ch;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.c-tags .tag{display:inline-block;margin:1px 4px 1px 0;font-size:12px;padding:0 6px}
@media (max-width:899px){.orders-t thead{display:none}.orders-t,.orders-t tbody{display:block}
.orders-t tr{display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px;padding:8px 12px;margin-bottom:8px;
border:1px solid var(--_border);border-radius:var(--_radius)}.orders-t th,.orders-t td{display:block;border:0;padding:0}
.orders-t td:empty{display:none}.c-num{flex:1 1 0;min-width:0}.c-total{order:1}.c-cust{order:2;flex:1 1 100%}
.c-cust bdi{max-width:none;white-space:normal;overflow-wrap:anywhere}.c-date,.c-items{order:3}.c-pay,.c-ful,.c-tags{order:4}
.c-items::before{content:"·";margin-inline-end:8px}}
`;
