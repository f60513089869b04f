/**
 * The drawer's CSS: it loads with the drawer's chunk and is added to the element's shadow root (`adoptSheet`).
 * In and out: the drawer slides from the inline end over a fading scrim (`display`/`overlay` transition discretely,
 * so it stays in the top layer while it leaves); nothing moves under reduced motion.
 * Amounts: the line prices and the totals share one right-aligned column of tabular figures.
 */
export const drawerCss = `
.drawer{margin:0;margin-inline-start:auto;padding:0;border:0;width:min(420px,100vw);max-width:100vw;height:100%;max-height:100%;
background:var(--_bg);color:var(--_text);box-shadow:var(--_shadow);overscroll-behavior:contain}
.drawer[open]{display:flex}
.drawer{--_x:100%;transform:translateX(var(--_x));transition:transform .22s cubic-bezier(.2,.8,.2,1),display .22s allow-discrete,
overlay .22s allow-discrete}
.drawer:dir(rtl){--_x:-100%}
.drawer[open]{transform:none}
.drawer:not([open]){pointer-events:none}
.drawer::backdrop{background:rgb(0 0 0/0);transition:background-color .22s,display .22s allow-discrete,overlay .22s allow-discrete}
.drawer[open]::backdrop{background:rgb(0 0 0/.45)}
@starting-style{.drawer[open]{transform:translateX(var(--_x))}.drawer[open]::backdrop{background:rgb(0 0 0/0)}}
@media (prefers-reduced-motion:reduce){.drawer,.drawer::backdrop{transition:none}}
@media (max-width:480px){.drawer{width:100vw}}
.panel{display:flex;flex-direction:column;width:100%;min-height:100%}
.head{display:flex;align-items:center;justify-content:space-between;gap:var(--_space);padding:calc(var(--_space)*2);
border-bottom:1px solid var(--_border)}
h2{margin:0;font-size:20px}
h2:focus{outline:none}
.icon{display:grid;place-items:center;min-width:44px;min-height:44px;border:1px solid transparent;background:none}
.body{flex:1;overflow:auto;padding:calc(var(--_space)*2)}
.lines{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
.line{display:grid;grid-template-columns:64px minmax(0,1fr) auto;gap:calc(var(--_space)*1.5);align-items:start}
.line img,.img{width:64px;height:64px;border-radius:calc(var(--_radius) - 2px);object-fit:cover;background:var(--_border)}
.info{min-width:0;display:flex;flex-direction:column;gap:2px}
.info p{margin:0}
.name{font-weight:600}.name a{color:inherit}
.muted,.hint{color:var(--_muted);font-size:14px}
.err{color:var(--_danger);font-size:14px;margin:0}
.qty-row{display:flex;align-items:center;gap:var(--_space);margin-top:4px;flex-wrap:wrap}
.stepper{display:inline-flex;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px)}
.stepper button{min-width:44px;min-height:44px;border:0;background:none;font-size:17.6px}
.stepper input{width:3em;min-height:44px;border:0;border-inline:1px solid var(--_border);background:var(--_bg);text-align:center;
-moz-appearance:textfield}
.stepper input::-webkit-inner-spin-button{-webkit-appearance:none}
.stepper input[aria-invalid=true]{outline:2px solid var(--_danger);outline-offset:-2px}
.price{font-weight:600;text-align:end;white-space:nowrap;font-variant-numeric:tabular-nums}
.link{min-height:44px;min-width:44px;padding:4px;border:0;background:none;color:var(--_accent);text-decoration:underline;
text-underline-offset:3px}
.remove{color:var(--_muted);text-decoration:none}
.note{display:flex;align-items:center;justify-content:space-between;gap:var(--_space);margin:0 0 var(--_space);
padding:var(--_space) calc(var(--_space)*1.5);border:1px solid var(--_border);border-radius:var(--_radius)}
.empty{text-align:center;padding:calc(var(--_space)*4) 0}
.skeleton{height:96px}
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
.totals{display:grid;grid-template-columns:1fr auto;gap:4px 0;margin:0;font-variant-numeric:tabular-nums}
.totals dd{margin:0;padding-inline-start:var(--_space);text-align:end;white-space:nowrap}
.totals .total{font-weight:700;font-size:17.6px;padding-top:4px;border-top:1px solid var(--_border)}
.inlay-alert p{margin:0 0 var(--_space)}
`;
