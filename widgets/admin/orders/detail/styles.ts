/**
 * The order detail's layout (loads with its chunk): one column, then two once the console is 860 px wide or more (a
 * 1000 px screen and up, the demo's page margins aside),
 * the main one (lines and money, fulfilment, payments, activity) and a side one (customer, addresses, tags, notes).
 */
export const detailCss = `.detail{container-type:inline-size}
.cols2,.main,.side{display:flex;flex-direction:column;gap:calc(var(--_space)*2);min-width:0}
@container (min-width:860px){.cols2{display:grid;grid-template-columns:minmax(0,1fr) 320px;align-items:start}}`;
