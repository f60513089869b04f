import { buttonCss, confirmCss, errCss, formCss, bonesCss } from '../../../../ui/styles.ts';

/** The settings forms' sheet (Settings › Tips and › Checkout; each loads it with its chunk). */
export const settingsFormCss = `
.sf{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}
h3{margin:0;font-size:18px}p{margin:0}
.muted{color:var(--_muted);font-size:14px}.strong{font-weight:600}
fieldset{border:1px solid var(--_border);border-radius:var(--_radius);margin:0;padding:12px 14px;display:flex;
flex-direction:column;gap:10px;min-width:0}
legend{font-weight:600;padding:0 4px}
.row{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px}
.row .field{flex:0 1 180px;min-width:0}
.unit{display:flex;align-items:center;gap:6px}.unit input{max-width:140px}
.ok{color:var(--_accent);font-weight:600}
.note{padding:10px 12px;border:1px solid var(--_border);border-inline-start:4px solid var(--_accent);
border-radius:var(--_radius)}
textarea{min-height:88px;font:inherit;resize:vertical}
.link{all:unset;cursor:pointer;color:var(--_accent);font-weight:600;min-height:44px;display:inline-flex;align-items:center}
.link:focus-visible{outline:2px solid var(--_accent);outline-offset:2px}
.link:disabled{opacity:.5;cursor:not-allowed}
.actions{display:flex;flex-wrap:wrap;gap:8px}
input,select,textarea{color:var(--_text);font:inherit}
${formCss}
.check input{width:20px;height:20px;min-height:0;padding:0;flex:none;margin:0;accent-color:var(--_accent)}
.check{min-height:44px}
${buttonCss}
${confirmCss}
${errCss}
${bonesCss(120)}
`;
