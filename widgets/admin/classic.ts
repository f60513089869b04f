// The classic build's `assets/inlay-console-<hash>.js` (vite.config.ts, mode `console`): the owner's console, its sections and its
// French, for a page that uses `inlay.js`. Everything else it needs is taken from `inlay.js` (InlayBundle).
import { AdminConsole } from './console.tsx';
import fr from './console-fr.ts';
import { arrive } from './console-load-classic.ts';

arrive({ AdminConsole, fr });
