import { start } from './start.ts';

// Module scripts have no document.currentScript: find our own tag by URL to read its data-* configuration, or, on a
// page with the classic script (which imports us: widgets/inlay.ts), the `inlay.js` tag beside us, whatever query its
// URL has (`inlay.js?v=2`). (`here`, not `new URL('inlay.js', import.meta.url)`: Vite would take that for an asset of
// the build and inline the file.)
const here = import.meta.url;
const classic = new URL('inlay.js', here).href;
const self = [...document.scripts].find((s) => s.src === here || s.src.split('?')[0] === classic);
start({ ...self?.dataset }, here);
