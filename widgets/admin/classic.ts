// The classic build's `assets/inlay-console-<hash>.js` (vite.config.ts, mode `console`): the owner's console, its
// sections and its French, for a page that uses `inlay.js`. Everything else it needs it gets from `inlay.js`, through
// the `start(shared)` the build wraps it in (widgets/admin/console-load-classic.ts calls it).
import { AdminConsole } from './console.tsx';
import fr from './console-fr.ts';

export { AdminConsole, fr };
