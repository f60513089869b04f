/**
 * The form's and the subscribed states' CSS: it loads with the form's chunk (notify-form.tsx) and is added to the
 * widget's shadow root as one more constructable stylesheet, after the element's own (styles.ts).
 */
export const formCss = `
.title{margin:0;font-weight:600}
label{font-weight:600;font-size:14.4px}
input{width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--_border);border-radius:calc(var(--_radius) - 2px);
background:var(--_bg)}
input[aria-invalid=true]{border-color:var(--_danger)}
.hint{margin:0;font-size:13.6px;color:var(--_muted)}
.err{margin:0;font-size:14.4px;color:var(--_danger)}
.msg:focus{outline:none}
.tick{color:var(--_accent);font-weight:700}
.row{display:flex;gap:var(--_space);align-items:center;flex-wrap:wrap}
button:disabled{cursor:progress;opacity:.7}
.done{flex-direction:column}
`;
