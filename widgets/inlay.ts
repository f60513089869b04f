// One file, every module in it (vite.config.ts turns each `import()` into a static import for this build; elements are
// defined when the loader asks, core/element.ts `defineDeferred`). None of the modules below does anything when
// imported: nothing changes at run time, but the order decides what compresses against what. Measured (gzip): the
// page layer, the platform calls, the page state, the sign-in flows and the models (-1.4 KB against no list), then
// the French pack (-0.4 KB).
import '../core/element.ts';
import '../core/boot.ts';
import '../core/api/products.ts';
import '../core/api/current-cart.ts';
import '../core/api/reviews.ts';
import '../core/api/review-writes.ts';
import '../core/api/back-in-stock.ts';
import '../core/api/identity.ts';
import '../core/api/members.ts';
import '../core/api/recommendations.ts';
import '../core/api/redirects.ts';
import '../core/reads/products.ts';
import '../core/stores/current-cart.ts';
import '../core/reads/review-summary.ts';
import '../core/reads/recommendations.ts';
import '../core/stores/member.ts';
import '../core/services/member-login.ts';
import './back-in-stock/model.ts';
import './recommendations/model.ts';
import './reviews/model.ts';
import './login/model.ts';
import './cart/model.ts';
import './languages/fr.ts';
import { start } from './start.ts';

// Classic build (inlay.js): everything in one IIFE; document.currentScript is our tag while it first runs.
const self = document.currentScript as HTMLScriptElement | null;
start({ ...self?.dataset });
