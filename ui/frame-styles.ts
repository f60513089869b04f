/**
 * The apps' shared sheets, the frames' part (it travels in the `ui` chunk with the tabs and the lazy parts): the failure
 * line and its retry link, the loading bones and the tabs. Import them from ui/styles.ts, or from here in a frame (so the
 * sections' sheets stay out of it).
 */

/** A failure in words (`p.err`), and the text button its retry is (`.link`). */
export const errCss = `.err{margin:0;color:var(--_danger);font-size:14.4px}`;
export const linkCss = `.link{min-height:44px;padding:6px 4px;border:0;background:none;color:var(--_accent);text-decoration:underline;cursor:pointer;font-weight:600}`;
/** The loading bones (each `.skeleton` is drawn by the page's base sheet); `height` is a row's. */
export const bonesCss = (height = 88) =>
  `.bones{display:flex;flex-direction:column;gap:12px}.bones .skeleton{height:${height}px}`;
/** Tabs that wrap onto a second row rather than hide one past the edge (375 px). */
export const tabsCss = `.tabs{display:flex;flex-wrap:wrap;gap:0 4px;border-bottom:1px solid var(--_border)}[role=tab]{min-height:44px;padding:8px 16px;border:0;border-bottom:3px solid transparent;background:none;cursor:pointer;font-weight:600;color:var(--_muted);white-space:nowrap}[role=tab][aria-selected=true]{color:var(--_text);border-bottom-color:var(--_accent)}`;
/**
 * A frame's sheet (the account's, the console's element): the host's width, the root and panel as columns, the title
 * (`.h`), the loading bones (`bones`: a row's height), the failure line and its retry link.
 */
export const frameCss = (width: number, bones: number) =>
  `:host{display:block;max-width:${width}px}.root,.panel{display:flex;flex-direction:column;gap:calc(var(--_space)*2)}.h{margin:0;font-size:24px}${bonesCss(bones)}${errCss}${linkCss}`;
