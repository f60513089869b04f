export const cartCss = `
:host{display:inline-block}
button{cursor:pointer;font-weight:600;border-radius:calc(var(--_radius) - 2px)}
button:disabled,button[aria-disabled=true]{cursor:not-allowed;opacity:.6}
.cart-button{position:relative;display:inline-grid;place-items:center;min-width:44px;min-height:44px;padding:8px;
border:1px solid var(--_border);background:var(--_bg)}
.badge{position:absolute;top:-6px;inset-inline-end:-6px;min-width:22px;height:22px;padding:0 6px;border-radius:11px;
background:var(--_accent);color:var(--_accent-text);font-size:12px;line-height:22px;text-align:center}
.drawer{margin:0;margin-inline-start:auto;padding:0;border:0;width:min(420px,100vw);max-width:100vw;height:100%;max-height:100%;
background:var(--_bg);color:var(--_text);box-shadow:var(--_shadow);overscroll-behavior:contain}
.drawer::backdrop{background:rgb(0 0 0/.45)}
.drawer[open]{display:flex}
@media (max-width:480px){.drawer{width:100vw}}
.panel{display:flex;flex-direction:column;width:100%;min-height:100%}
.head{display:flex;align-items:center;justify-content:space-between;gap:var(--_space);padding:calc(var(--_space)*2);
border-bottom:1px solid var(--_border)}
h2{margin:0;font-size:20px}
h2:focus{outline:none}
.icon{display:grid;place-items:center;min-width:44px;min-height:44px;border:1px solid transparent;background:none}
.body{flex:1;overflow:auto;padding:calc(var(--_space)*2)}
.lines{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.line{display:grid;grid-template-columns:64px 1fr auto;gap:calc(var(--_space)*1.5);align-items:start}
.line img,.img{width:64px;height:64px;border-radius:calc(var(--_radius) - 2px);object-fit:cover;background:var(--_border)}
.info{min-width:0;display:flex;flex-direction:column;gap:2px}
.info p{margin:0}
.name{font-weight:600}.name a{color:inherit}
.muted,.hint{color:var(--_muted);font-size:14px}
.err{color:var(--_danger);font-size:14px;margin:0}
.qty-row{display:flex;align-items:center;justify-content:space-between;gap:var(--_space);margin-top:4px;flex-wrap:wrap}
.stepper{display:inline-flex;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px)}
.stepper button{min-width:44px;min-height:44px;border:0;background:none;font-size:17.6px}
.stepper input{width:3.5em;min-height:44px;border:0;border-inline:1px solid var(--_border);background:var(--_bg);text-align:center;
-moz-appearance:textfield}
.stepper input::-webkit-inner-spin-button{-webkit-appearance:none}
.stepper input[aria-invalid=true]{outline:2px solid var(--_danger);outline-offset:-2px}
.price{font-weight:600}
.link{min-height:44px;min-width:44px;padding:4px;border:0;background:none;color:var(--_accent);text-decoration:underline;
text-underline-offset:3px}
.remove{color:var(--_muted);text-decoration:none}
.note{display:flex;align-items:center;justify-content:space-between;gap:var(--_space);margin:0 0 var(--_space);
padding:var(--_space) calc(var(--_space)*1.5);border:1px solid var(--_border);border-radius:var(--_radius)}
.empty{text-align:center;padding:calc(var(--_space)*4) 0}
.skeleton{height:96px;border-radius:var(--_radius);background:var(--_border);opacity:.5}
.foot{padding:calc(var(--_space)*2);border-top:1px solid var(--_border);display:flex;flex-direction:column;gap:var(--_space)}
.coupon label{font-weight:600;font-size:14.4px}
.row{display:flex;gap:var(--_space)}
.coupon input{flex:1;min-width:0;min-height:44px;padding:8px 12px;border:1px solid var(--_border);
border-radius:calc(var(--_radius) - 2px);background:var(--_bg);text-transform:uppercase}
.coupon input[aria-invalid=true]{border-color:var(--_danger)}
.coupon-on{margin:0;display:flex;align-items:center;justify-content:space-between}
.secondary{min-height:44px;padding:8px 16px;border:1px solid var(--_accent);background:var(--_bg);color:var(--_accent)}
.primary{min-height:48px;padding:12px 18px;border:1px solid var(--_accent);background:var(--_accent);color:var(--_accent-text);
font-size:16.8px}
.totals{display:grid;grid-template-columns:1fr auto;gap:4px var(--_space);margin:0}
.totals dd{margin:0;text-align:end}
.totals .total{font-weight:700;font-size:17.6px;padding-top:4px;border-top:1px solid var(--_border)}
.inlay-alert p{margin:0 0 var(--_space)}
`;
