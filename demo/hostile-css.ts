/**
 * The hostile-host fixtures' kinds and their stylesheets (demo/hostile.ts has the pages), served as files from the
 * demo origin (`/hostile/<name>.css`): a module of its own so demo/assets.ts can version them without importing the
 * pages.
 */
export const HOSTILE_KINDS = ['plain', 'tailwind', 'bootstrap', 'resets'] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];
export const isHostileKind = (s: string): s is HostileKind => (HOSTILE_KINDS as readonly string[]).includes(s);

/** The fixture's own layout, loaded after the host sheet: fixed slot widths so widget boxes compare across pages. */
const layoutCss = `
.hx-page{width:1000px;margin:0 auto;padding:24px}
.hx-bar{display:flex;align-items:center;justify-content:space-between;gap:16px;padding:12px 0;margin:0 0 16px;
border-bottom:1px solid #d0d0d0}
.hx-row{display:flex;align-items:center;gap:16px;margin:12px 0}
.hx-slot{display:block;width:900px;margin:24px 0}
.hx-narrow{width:420px}
.hx-host{display:flex;flex-direction:column;align-items:flex-start;gap:12px;margin:24px 0}
`;

/** Tailwind v3's preflight (abridged, same rules) with the "62.5%" root trick, plus the utility classes used below. */
const tailwindCss = `
*,::before,::after{box-sizing:border-box;border-width:0;border-style:solid;border-color:#e5e7eb}
html{line-height:1.5;-webkit-text-size-adjust:100%;tab-size:4;font-family:ui-sans-serif,system-ui,sans-serif;font-size:10px}
body{margin:0;line-height:inherit}
h1,h2,h3,h4,h5,h6{font-size:inherit;font-weight:inherit}
a{color:inherit;text-decoration:inherit}
b,strong{font-weight:bolder}
button,input,optgroup,select,textarea{font-family:inherit;font-feature-settings:inherit;font-size:100%;font-weight:inherit;
line-height:inherit;letter-spacing:inherit;color:inherit;margin:0;padding:0}
button,select{text-transform:none}
button,input:where([type=button]),input:where([type=reset]),input:where([type=submit]){-webkit-appearance:button;
background-color:transparent;background-image:none}
blockquote,dl,dd,h1,h2,h3,h4,h5,h6,hr,figure,p,pre{margin:0}
fieldset{margin:0;padding:0}
ol,ul,menu{list-style:none;margin:0;padding:0}
dialog{padding:0}
textarea{resize:vertical}
input::placeholder,textarea::placeholder{opacity:1;color:#9ca3af}
button,[role=button]{cursor:pointer}
:disabled{cursor:default}
img,svg,video,canvas,audio,iframe,embed,object{display:block;vertical-align:middle}
img,video{max-width:100%;height:auto}
[hidden]{display:none}
.font-sans{font-family:ui-sans-serif,system-ui,sans-serif}
.text-gray-900{color:#111827}
.text-3xl{font-size:3rem;line-height:1.2}
.text-xl{font-size:2rem}
.font-bold{font-weight:700}
.italic{font-style:italic}
.uppercase{text-transform:uppercase}
.tracking-widest{letter-spacing:.1em}
.leading-none{line-height:1}
.text-center{text-align:center}
.whitespace-nowrap{white-space:nowrap}
.rounded-lg{border-radius:.8rem}
.px-4{padding-left:1.6rem;padding-right:1.6rem}
.py-2{padding-top:.8rem;padding-bottom:.8rem}
.bg-indigo-700{background-color:#4338ca}
.text-white{color:#fff}
.shadow{box-shadow:0 1px 3px 0 rgb(0 0 0/.1),0 1px 2px -1px rgb(0 0 0/.1)}
`;

/** Bootstrap 5's reboot and a few components (abridged), with a 15px root. */
const bootstrapCss = `
:root{--bs-body-font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
--bs-body-font-size:1rem;--bs-body-font-weight:400;--bs-body-line-height:1.5;--bs-body-color:#212529;--bs-body-bg:#fff;
--bs-border-radius:.375rem;font-size:15px}
*,::before,::after{box-sizing:border-box}
@media (prefers-reduced-motion:no-preference){:root{scroll-behavior:smooth}}
body{margin:0;font-family:var(--bs-body-font-family);font-size:var(--bs-body-font-size);font-weight:var(--bs-body-font-weight);
line-height:var(--bs-body-line-height);color:var(--bs-body-color);text-align:var(--bs-body-text-align);
background-color:var(--bs-body-bg);-webkit-text-size-adjust:100%;-webkit-tap-highlight-color:transparent}
h1,h2,h3{margin-top:0;margin-bottom:.5rem;font-weight:500;line-height:1.2}
h1{font-size:calc(1.375rem + 1.5vw)}h2{font-size:calc(1.325rem + .9vw)}
p{margin-top:0;margin-bottom:1rem}
ol,ul{padding-left:2rem;margin-top:0;margin-bottom:1rem}
a{color:#0a58ca;text-decoration:underline}
img,svg{vertical-align:middle}
label{display:inline-block}
button{border-radius:0}
button:focus:not(:focus-visible){outline:0}
input,button,select,optgroup,textarea{margin:0;font-family:inherit;font-size:inherit;line-height:inherit}
button,select{text-transform:none}
[role=button]{cursor:pointer}
button,[type=button],[type=reset],[type=submit]{-webkit-appearance:button}
button:not(:disabled),[type=button]:not(:disabled),[type=reset]:not(:disabled),[type=submit]:not(:disabled){cursor:pointer}
[hidden]{display:none!important}
.container{width:100%;padding-right:.75rem;padding-left:.75rem;margin-right:auto;margin-left:auto;max-width:1140px}
.lead{font-size:1.25rem;font-weight:300}
.small,small{font-size:.875em}
.text-body-secondary{color:#595c5f!important}
.btn{display:inline-block;padding:.375rem .75rem;font-size:1rem;font-weight:400;line-height:1.5;color:#212529;text-align:center;
text-decoration:none;vertical-align:middle;cursor:pointer;user-select:none;border:1px solid transparent;
border-radius:var(--bs-border-radius);background-color:transparent;transition:color .15s ease-in-out,background-color .15s ease-in-out}
.btn-primary{color:#fff;background-color:#0a58ca;border-color:#0a58ca}
.navbar{position:relative;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;padding:.5rem 0}
.modal-dialog,dialog{position:relative;width:auto;margin:1.75rem auto;max-width:500px;pointer-events:auto;
border:1px solid rgba(0,0,0,.175);border-radius:.5rem;padding:1rem}
`;

/** Hand-written resets of the kind found on real sites: everything on `*`, a 10px root, unset buttons and a styled dialog. */
const resetsCss = `
*,*::before,*::after{margin:0;padding:0;box-sizing:content-box;font:inherit;color:inherit;line-height:1.1;
letter-spacing:.04em;vertical-align:baseline;border:0}
html{font-size:10px}
body{font:italic 700 1.3rem/1.1 Georgia,"Times New Roman",serif;color:#3b1010;background:#fdf6e3}
button{all:unset;cursor:default}
input,select,textarea{all:unset}
img{max-width:100%;height:auto;display:block}
ul,ol{list-style:none}
a{color:#6b0f3a;text-decoration:none}
:focus{outline:none}
:focus-visible{outline:3px solid #6b0f3a}
dialog{position:fixed;inset:0;margin:auto;width:50vw;height:50vh;max-width:none;max-height:none;padding:40px;
border:8px solid #6b0f3a;background:#fff8dc;color:#3b1010;font-size:2rem}
dialog::backdrop{background:rgb(120 0 0/.8)}
h1{font-size:3.2rem;text-transform:uppercase}
h2{font-size:2.4rem}
p{font-size:1.4rem;text-align:justify;text-indent:2em}
section{padding:8px}
`;

const sheets: Record<HostileKind | 'layout', string> = {
  plain: '',
  tailwind: tailwindCss,
  bootstrap: bootstrapCss,
  resets: resetsCss,
  layout: layoutCss,
};

/** The stylesheet behind `/hostile/<name>.css`, or undefined (own names only: not `constructor` or `toString`). */
export function hostileCss(name: string): string | undefined {
  return Object.hasOwn(sheets, name) ? sheets[name as HostileKind | 'layout'] : undefined;
}
