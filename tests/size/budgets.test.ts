import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { registry } from '../../widgets/registry.ts';
import { productPage } from '../../demo/pages.ts';
import { toString } from '../../demo/html.ts';
import { GROUP_SHARED, sri, WIDGET_GROUPS } from '../../vite.config.ts';
import { chunkFiles, consoleChunks, DIST, elementChunk, inFolder, sourcesOf } from '../helpers/bundle.ts';

/**
 * Budgets (docs/architecture.md "Size budgets"), gzip bytes of the built bundle (`npm run build` first). Raise a
 * ceiling only in the commit that needs it, with the reason.
 */
const KB = 1024;
/**
 * runtimeAndCore raised from 20 KB to 25 KB in the foundation commit, measured: zod/mini costs ≥ 5 KB gzip for a
 * single `z.object({a: z.string()})` (6 KB as used), and preact + compat + hooks (the React API the widgets are
 * written against) about 8.5 KB, leaving under 5 KB for core at 20 KB; core (config, http, tokens, stores, i18n,
 * element helper) measures 8.8 KB.
 */
/*
 * runtimeAndCore raised from 25 KB to 27 KB with sign-in and the cart: every page must finish a hosted sign-in on its
 * return, load the member into `$session`, and offer `Inlay.cart` / `Inlay.captcha` without any widget present
 * (boot.ts, 0.6 KB), and the URL table grew with the identity, members and cart calls (0.6 KB). The flows
 * themselves stay in on-demand chunks.
 *
 * allWidgetsPage raised from 45 KB to 64 KB when the seventh and eighth tags (login, cart + add-to-cart) landed. The
 * 45 KB figure assumed 20 KB of runtime + core, leaving 25 KB for every widget; measured, the mandated runtime alone
 * (preact/compat 8.5 KB, zod/mini 7 KB, r2wc + nanostores 1.5 KB) is 17 KB, and the widget code that loads when every
 * tag is on one page is 36 KB (login 7.5, reviews 7.8 with its summary, cart 8.4 with its model, back-in-stock 3.8,
 * recommendations 3.1 + products 0.8, toaster 1.5, add-to-cart 1.2, rating 0.8), each within its own 8 KB budget.
 * English and French strings ship in every widget (≈ 3 KB of the French half): loading other languages on demand is
 * the next saving. The classic inlay.js carries the same code and the same ceiling.
 */
/*
 * runtimeAndCore raised from 27 KB to 28.5 KB and allWidgetsPage from 64 KB to 66 KB with the reads kept across page
 * loads (issue 19, fewer platform requests: a return visit to the demo product page makes 1 request instead of 16).
 * Measured: core grew 1.4 KB gzip (10.0 → 11.5 KB): the persisted layer under the query cache (localStorage per
 * client and identity, freshness and maximum age, size caps, garbage and quota tolerance) about 1.1 KB, the cache's
 * freshness, stored-copy and batch hand-off code about 0.3 KB; the widgets that declare what they keep and follow their
 * stores 0.5 KB (products, review-summary, reviews, recommendations). It stays in core because every page must drop
 * an identity's copies when it signs out, whichever widgets it has.
 */
/*
 * Issue 19 took French out of every chunk (one pack loaded only by French pages: -2.3 KB on an English page) and PKCE
 * out of the core (-0.4 KB); the loader now also starts the token request (+0.3 KB, at its 1.5 KB ceiling).
 *
 * allWidgetsPage raised from 66 KB to 67.5 KB with issue 18 (finish), measured 66.2 → 68.4 KB: the reviews' states,
 * drop zone (its CSS loads with the form), photos filter, lightbox with icons, swipe and counter, and the rating's
 * link to the reviews (+1.4 KB, reviews at 8.06 of its 8 KB); back-in-stock following a sign-in (+0.5 KB); motion,
 * host fonts, the fixed header footprint, carousel arrows in the heading row and the drawer's amount column (+1.1 KB).
 * The classic inlay.js gets its own ceiling: it is one file holding what the module build loads on demand (the French
 * pack 3.8 KB, the review form and owner tools, the profile panel), so it can no longer share the page's.
 * classic raised from 68.5 KB to 69 KB with issue 14 (architecture), measured 70003 → 70585 B: every widget's flows
 * moved into a `createXModel(context, props)` of stores and actions (+0.4 KB over the view-local state they replaced;
 * the module pages' total grew less, 68707 → 69001 B, under its ceiling). Winning it back is open work (issue 14's
 * closing note: per-service URL tables, module order), not a new allowance.
 */
/*
 * Won back, and the classic ceiling lowered from 69 KB to 66.5 KB: the one-file build no longer wraps each module in a
 * lazy initialiser (vite.config.ts `classicStaticImports`: -2.4 KB) and both builds get a second minifying pass with
 * terser (`terserPass`). Measured: classic 70585 → 67344 B, the page with every widget 69001 → 68490 B (before the
 * refactor: 70003 and 68707 B).
 */
/*
 * classic raised from 66.5 KB to 67 KB with issue 15's reviews (visitors sign in to review; photos and owner tools
 * only with a site companion), measured on main 67416 B → 68362 B with this change (+946 B): the review form's
 * sign-in for visitors (the login widget inline once they send, the typed review kept in sessionStorage and sent once
 * signed in, across a hosted sign-in too) and photo uploads that never lose the review (each photo uploaded once, its
 * refusal told on it, retried or removed) ≈ +0.65 KB; their messages in English and French ≈ +0.2 KB. The module
 * build's page with every widget shrank, 68368 → 68160 B: the reviews chunk went 8024 → 7838 B (the upload moved into
 * the form's on-demand chunk, the visitor's contact call is gone).
 *
 * classic raised again, from 67 KB to 68 KB, with issue 15's catalogs, measured on main 68362 B → 69176 B (+814 B):
 * the Catalog V3 reads and their mapping into the widgets' product shape (zod schemas for the V3 answers included),
 * the catalog-version question and `data-catalog`, add-to-cart's default variant. The module build loads the V3 code
 * only on a V3 site (its own chunk, core/api/products-v3.ts), so the page with every widget stays under its ceiling
 * (68160 → 68450 B); the one-file build carries both catalogs.
 */
/*
 * allWidgetsPage raised from 67.5 KB to 68.5 KB and classic from 68 KB to 70.5 KB with issue 16's widgets through the
 * site companion, measured against main (module build, every tag on one page) 68450 → 69570 B (+1120 B) and classic
 * 69176 → 71650 B (+2474 B). On the page: back-in-stock +0.5 KB (the request made through the companion when the page
 * names one, its status read again with the kept handle, "Stop notifying me" and its confirmation, the "how to stop"
 * text without a companion, their strings); the owner's probe and actions through the companion and the form's
 * "needs an account / no photos" texts +0.1 KB; and +0.5 KB of chunk overhead: core/api/reviews.ts and
 * core/api/back-in-stock.ts now travel in chunks of their own (api-reviews, api-back-in-stock), because the
 * companion's lazy chunk reuses their schemas (a lazy chunk may not import a widget's chunk). Everything that runs
 * only with a companion stays on demand (the companion's calls 1.2 KB, the visitor's name, email and proof of work in
 * the form's chunk +1 KB), never on a page without one. The classic file carries all of it, in both languages.
 */
/*
 * loader raised from 1.5 KB to 1.55 KB, allWidgetsPage from 68.5 KB to 70.5 KB and classic from 70.5 KB to 84.5 KB with
 * issue 21's ninth tag, <inlay-account>, measured against main: loader 1536 → 1566 B (its registry record: the chunk's
 * import and the reserved box, +30 B); the page with every tag 69574 → 71834 B (+2260 B): the account's frame (title,
 * tabs, loading bones, their strings and sheet) 1608 B; the login chunk now split in two (login 3329 B + steps 4509 B,
 * +0.2 KB of chunk overhead) because the account's inline sign-in reuses the login form; the hosted checkout filled in
 * with the member's email and default address (cart store) and `<inlay-login account-url>` +0.4 KB. Every section loads
 * on demand (orders 6.8 KB, profile and addresses 4.7 KB, their shared sheet 1.9 KB, sign-in 0.7 KB), never on a page
 * without the tag. The classic file carries all of it in both languages: 72006 → 86287 B (+14.3 KB). The admin-only
 * order operations the companion uses are kept out of core (core/urls.ts `adminOps`), so core did not grow.
 */
/*
 * Issue 19 lowered every ceiling but the classic file's, measured after the change (module build, gzip -9):
 * - what each page loads before any click is only what it shows: the cart's drawer (cart 6275 → 1380 B + drawer
 *   5768 B on intent), the sign-in panel and member menu (login 3329 + steps 4509 → login 2466 B; panel, menu and
 *   steps on intent), the back-in-stock form (3480 + api 494 → 1577 B; form 3016 B on intent or with a kept
 *   request), the reviews' lightbox (reviews 7843 → 6924 B; lightbox 1650 B on a photo's intent) and the toasts
 *   (toaster 1961 → 950 B; the list 1549 B with the first toast);
 * - the URL table went into one module per service, each travelling with its callers (core 12199 → 11589 B).
 * The demo product page (the page the bench measures) went 69360 → 55413 B; the page with every tag 71834 → 57014 B;
 * runtime + core 29206 → 28499 B; the largest chunk is now reviews (6924 B) and the largest on-demand chunk orders
 * (6824 B). The classic inlay.js, which carries every part in one file whatever is on demand, grew 86287 → 87648 B
 * (+1.3 KB: each part's loading code and busy/failure handling, and the dictionaries and sheets split in two), so its
 * ceiling goes from 84.5 to 86 KB.
 */
/*
 * loader raised from 1.55 KB to 1.6 KB, allWidgetsPage from 56 KB to 57 KB and classic from 86 KB to 90 KB with issue
 * 22's tenth tag, <inlay-admin>, measured against main: loader 1587 → 1593 B (its registry record); the page with every
 * tag 57044 → 58163 B (+1119 B): the console's frame (title, bones, the owner check, its strings and sheet) 1114 B.
 * The companion's calls load only for a signed-in member on a page that names a companion, and each section only for
 * the owner (the review queue 3917 B), never on a page without the tag. The classic file carries all of it in both
 * languages: 87648 → 91712 B (+4.1 KB).
 */
/*
 * classic raised from 90 KB to 96 KB with issue 22's abandoned-checkouts section, measured 91712 → 96332 B: the
 * section (list, detail, the recovery email and each refusal in words, 4935 B in the module build), the console's tabs
 * (1238 B) and the console's French (1726 B: its own chunk in the module build, loaded with the console on a French
 * page through core's `addStrings`, +63 B of core, so the pack every French page loads does not grow). The one-file
 * build carries all of it in both languages.
 */
/*
 * classic raised again, from 96 KB to 103 KB, with issue 22's orders section, measured 96332 → 104585 B: the list
 * with its filters and summary (5929 B in the module build), the order's detail with notes, cancel and status
 * (3097 B) and their French (the console's French chunk 1726 → 3249 B). Every byte of it is owner-only; the one-file
 * build is the one place it reaches every visitor (a follow-up: leave the console out of inlay.js, or load it there on
 * demand too).
 */
/*
 * classic lowered from 103 KB to 87.5 KB, measured 104585 → 88735 B: the owner's console left inlay.js for its own
 * classic file, assets/inlay-console-<hash>.js (22805 B: the console, its three sections, its French and its own copy of what it
 * uses of zod; preact, the stores and core it takes from inlay.js), imported only once an owner is known. inlay.js
 * pays 0.8 KB for what it hands the console (vite.config.ts SHARED_WITH_CONSOLE; handed privately since: 88601 B).
 * classicConsole raised from 24 KB to 38.5 KB with issue 22's payments panel, order tags, bulk actions and edits,
 * measured 22805 → 38904 B (inlay.js unchanged: 88757 B). In the module build each is its own chunk (payments 5350 B
 * and its forms 3116 B, bulk 2130 B, edit 3090 B), every one under the 7 KB widget budget.
 * classicConsole raised again, from 38.5 KB to 40 KB, with the review's fixes to those parts (amounts in the
 * currency's decimals, the confirmed revision and body sent, focus given back, the whole address compared after a
 * lost answer), measured 38904 → 40376 B; in the module build payments 5858 B, its forms 3619 B, order 4343 B.
 * classicConsole raised from 40 KB to 40.25 KB when the order detail, the payments panel and its forms were split into
 * sub-views under 250 lines each (issue 43's review): 40850 → 41073 B, the cost of the components' own props and
 * boundaries in one file. Issue 37 (item 5) retires this file for the module build's chunks.
 */
/*
 * Issue 19: `loading="lazy"` (widgets/start.ts) loads a tag whose elements all say so only when one comes within half a
 * screen of the viewport. The demo product page's reviews, at its end, now wait for the shopper to come near them
 * (on a phone; a 900 px tall desktop screen reaches them at once), so the page's first screen gets a ceiling of its
 * own, 48 KB, measured 48820 B at first (the issue's goal was 50 KB for the whole page; the whole page, scrolled to its end,
 * measured 55711 B, stays at 54.5 KB). loader raised from 1.6 KB to 1.65 KB for it, measured 1576 → 1668 B (an
 * IntersectionObserver, the attribute read per element); the rating's "go to the reviews" before they have loaded
 * costs it 147 B. allWidgetsPage raised from 57 KB to 57.5 KB and productPage from 54.5 KB to 55 KB with the
 * reviews' fixes for lazy loading, measured 58437 B and 55823 B (first screen 48843 B): while the first page loads
 * the widget keeps the 420 px the loader reserved (it shrank to its 288 px skeleton, then grew), and a reveal asked
 * for then (the rating's link) scrolls again once the page has arrived, unless the item changed or focus moved on.
 */
/*
 * Issue 19 lowered runtimeAndCore from 28 KB to 27.5 KB, allWidgetsPage from 57.5 KB to 56.5 KB, productPage from 55 KB
 * to 54 KB and productPageFirstScreen from 48 KB to 47.5 KB: the libraries (preact, zod, nanostores, r2wc) no longer
 * travel in a `runtime` chunk of their own but in core's, which every page loads with them anyway. Measured: runtime
 * 16910 + core 11684 → core 28022 B; the page with every tag 58437 → 57681 B, the product page 55823 → 55099 B, its
 * first screen 48843 → 48143 B; one request less on every page.
 */
/*
 * Issue 19 then raised runtimeAndCore from 27.5 KB to 27.75 KB, allWidgetsPage from 56.5 KB to 57 KB and productPage
 * from 54 KB to 54.5 KB (the first screen stays at 47.5 KB), measured core 28022 → 28099 B, the page with every tag
 * 57681 → 57886 B, the product page 55099 → 55299 B (first screen 48143 → 48341 B): the core starts the page's cart
 * read as it boots when a cart or a carousel shows it (+50 B), the query cache's `peek` (a kept copy without reading
 * it, +30 B), and the carousel showing a fresh kept copy before the cart has arrived, kept with the cart it was read
 * for (+110 B). Each makes a return visit faster (README, Performance).
 */
/*
 * Issue 19 raised loader from 1.65 KB to 1.95 KB, productPageFirstScreen from 47.5 KB to 47.75 KB and classic from
 * 87.5 KB to 87.75 KB (the whole product page stays at 54.5 KB), measured loader 1655 → 1950 B, core 28085 → 28158 B,
 * the first screen 48372 → 48725 B, the whole page 55335 → 55687 B, classic 89344 → 89687 B: the loader sends the first
 * reads (the cart, the carousel's algorithms, the catalog's version) with its early token as soon as it answers, reading
 * their bodies itself so none stays open, and the core takes those answers (`adoptEarly`) instead of asking once it has
 * arrived and run. On the bench's phone profile the first visit settled about 0.1 s sooner (README, Performance).
 * loader raised again, from 1.95 KB to 2 KB, measured 1950 → 2020 B (core 28158 → 28119 B, the whole product page
 * 55687 → 55723 B, first screen 48725 → 48765 B, classic 89704 B): the locale's Intl data (number, date and plural
 * formatters) loads when the page is idle as the loader runs, while it waits for the token and the chunks, instead of
 * once the core has booted: on a phone the first widget render that formatted a number paid 40 to 90 ms for it ahead
 * of the carousel's first request (README, Performance).
 * loader raised again, from 2 KB to 2.05 KB, and allWidgetsPage from 57 KB to 57.25 KB, measured loader 2020 → 2079 B,
 * the page with every tag 58380 B (the product page 55799 B, its first screen 48839 B, classic 89776 B), with the
 * review's fixes to the early reads: none while a hosted sign-in completes (the core reads as the member then), none
 * for an empty product-id, a token taken only from a 200 with a non-empty access_token, and each read given up after
 * the core's own request timeout, so none can stay open.
 */
/*
 * Issue 19 lowered runtimeAndCore from 27.75 KB to 27 KB, allWidgetsPage from 57.25 KB to 56 KB, productPage from
 * 54.5 KB to 53.25 KB, productPageFirstScreen from 47.75 KB to 46.75 KB and classic from 87.75 KB to 87.25 KB, measured
 * core 28179 → 27474 B, the page with every tag 58342 → 56962 B, the product page 55761 → 54380 B (first screen 48801
 * → 47775 B), classic 89751 → 89146 B (loader 2074 → 2056 B: a shorter preload map):
 * - zod travels in core, so every schema kind any chunk uses is paid on every page: `z.record` (six dictionaries, 589 B
 *   alone) and `z.union` (three string-or-number fields, 306 B alone) gave way to core/api/json.ts's `dictOf` and
 *   `textOrNumber`, built from the `custom`, `pipe` and `transform` core carries anyway (eslint.config.js keeps those
 *   kinds out of browser code);
 * - core/api/reviews.ts travels with the review summary's store (review-summary.ts), which always brings it: one file
 *   less wherever ratings or reviews show (-267 B). The site companion's on-demand chunk now takes it from there: on a
 *   page with a companion and no ratings or reviews, its first call brings 1.6 KB of it instead of 0.8 KB;
 * - the member's send of a review (reviews/submit.ts and the create call) loads as the form opens, not with the list
 *   (reviews 6960 → 6605 B; its own chunk, 0.7 KB);
 * - the Stores app id moved to core's constants (+61 B on core): a page with a cart and no product widget no longer
 *   loads the catalog's chunk for it (a header with sign-in, cart and toaster: 39002 → 37056 B, tested below).
 * Then a part that could not be fetched is told as the connection (core/i18n, +59 B on core), measured core 27533 B,
 * the product page 54437 B (first screen 47833 B), the page with every tag 57017 B, classic 89215 B.
 */
/*
 * Issue 37 (item 5), one chunk graph: the classic inlay.js is no longer the whole product in one file plus the owner's
 * console in another (assets/inlay-console-<hash>.js), built by two more builds that had to run in order, but a few
 * hundred bytes that import loader.js from beside them: a classic page loads the very chunks a module page loads. The
 * ceiling `classic` (87.25 KB for the one file) now holds the classic page with every tag, inlay.js and what the
 * loader then loads: 56.5 KB. `classicConsole` (40.25 KB for the console's file) gives way to `classicWithConsole`, that
 * page with every part of the owner's console (each section, its French) on top: 103 KB, where the two files were
 * allowed 127.5 KB together. Measured: inlay.js 89231 → 606 B; the classic page with every tag 89231 → 57643 B;
 * with the whole console 130304 → 104852 B. The loader finds its `data-*` on the inlay.js tag too (whatever query its
 * URL has): 2054 → 2075 B, so the module pages grew 21 B (every tag 57016 → 57037 B, the product page 54437 → 54458 B,
 * its first screen 47833 → 47854 B), under their ceilings.
 *
 * Issue 37 (core's layers, item 6; the apps' shared ui/ layer, items 1 and 2) raised no ceiling. Measured after the
 * refactor: core 27649 B (over its 27 KB by 1 B), the product page's first screen 48034 B, the whole product page
 * 54656 B, the page with every tag 57852 B, the classic page with every tag 58453 B (with the whole console 108412 B):
 * no state at a module's top level, so a second client on a page shares nothing with the first (the session, the
 * toasts, the reviews on the page made per client on first use, `oncePer`; every reader asks for its client's,
 * `sessionOf(client)`, `toastsOf(client)`): +113 B on core, a few bytes in each widget that shows the session or a
 * toast; and the account's and the console's frames on the shared ui/ (tabs, lazy parts, states, their sheet in the
 * `ui` chunk): account 1598 + admin 1009 → account 1028 + ui 1396 + admin 833 B. Won back without undoing either:
 * - the sheets' line breaks are left out of the bundle (vite.config.ts `cssLines`, modules of sheets only): core -30 B,
 *   the page with every tag -101 B;
 * - one frame sheet, ui/frame-styles.ts `frameCss` (host width, root and panel, bones, failure, link), for both frames:
 *   the page with every tag -100 B; the account's retry is core's "Try again" (`action.retry`), not a copy;
 * - a page without a context (an invalid configuration) gets no locale store of its own: core -10 B.
 * Measured then: core 27609 B, the whole product page 54516 B (under their ceilings); still over: the first screen
 * 47915 B (+43 B over 46.75 KB), the page with every tag 57609 B (+265 B over 56 KB), the classic page with every tag
 * 58212 B (+356 B over 56.5 KB) and with the whole console 108091 B (+2619 B over 103 KB). Open work, not an allowance.
 * Then:
 * - the frames' title rule in `frameCss`, one copy for both frames; the admin element's loading state through
 *   `LazyPart`; `useLazyPart` told the i18n a failure is said in rather than a function per caller: the page with
 *   every tag -16 B;
 * - core/errors.ts `messageOf` (what a throw says) and `noAnswer` (offline or timed out), each written once where boot,
 *   the element boundary, http, the token renewal and `outcomeUnknown` wrote them; i18n's error words for every kind
 *   but `http`: core 27609 → 27568 B.
 * Measured: loader 2085 B, core 27568 B, the first screen 47851 B (under its ceiling again), the whole product page
 * 54449 B; still over: the page with every tag 57510 B (+166 B), the classic page with every tag 58117 B (+261 B) and
 * with the whole console 107906 B (+2434 B). The `rolldown-runtime` chunk (157 B, and its import in core and
 * current-cart) holds rolldown's `__exportAll`, which builds the namespace objects of modules imported with `import()`
 * from inside a shared chunk (core/boot.ts from the loader, the cart store and the member store from boot, the account's
 * orders calls, the companion's calls): rolldown 1.2 does so whatever the call site destructures, a `codeSplitting`
 * group does not take the runtime module (`\0rolldown/runtime.js`), and `experimentalInlineCommonChunks` costs
 * +3 KB (its strict execution order wraps every module).
 *
 * Issue 37's site companion wire declared once (item 3): each companion call's method, path and answer schema became a
 * route of a table that the companion serves and the contract test walks (core/api/companion-routes.ts and the
 * console's call modules), called through one `callRoute`; the request bodies' schemas stay out of every browser file
 * (core/api/companion-requests.ts, its types only). In the module build only the companion's on-demand chunk grew
 * (+66 B); no page budget moved.
 *
 * Where issue 37 ends (all its parts merged, measured on one build): loader 2102 B, core 27657 B, the first screen
 * 47872 B (its ceiling, to the byte), the whole product page 54471 B, the page with every tag 57546 B, the classic page
 * with every tag 58153 B (89231 B before: one file), with the whole console 108535 B (130304 B before: two files).
 * Ceilings set to what was measured, and said: the page with every tag 56 → 56.25 KB (+202 B over 56 KB: the account's
 * and the console's frames share ui/'s chunk, which item 2 asks for; the frames were 2607 B, they are 3118 B with it);
 * the first screen 46.75 → 46.8 KB (a build's chunk names move the loader's preload map by ±15 B, and it sits at its
 * ceiling: the per-client state of item 6 costs +40 B after the wins above); `classic`, the page with every tag plus
 * inlay.js, 56.5 → 56.9 KB; `classicWithConsole` 103 → 106.5 KB (the console's sections as folders, item 1, are more
 * chunks, each loaded only with its tab: the whole console in one go is +3.7 KB, one section is less). Still smaller
 * than before issue 37 for a classic page; the two module pages' growth is open work (issue 39's hooks alias alone
 * takes 2 KB off core).
 */
/*
 * Then the widgets build against Preact's hooks instead of all of preact/compat (widgets/react-hooks.ts, the alias
 * issue 39 allows; tests/lint/rules.test.ts keeps the widgets to what Preact honours without compat): core 27657 →
 * 25581 B, the first screen 47872 → 45839 B, the whole product page 54471 → 52445 B, the page with every tag 57546 →
 * 55527 B, the classic page with every tag 58153 → 56130 B, with the whole console 108535 → 106537 B. Every ceiling
 * goes below where it was before issue 37: core 25.25 KB, the first screen 45 KB, the whole page 51.5 KB, every tag
 * 54.5 KB, classic 55.25 KB, classic with the console 104.5 KB.
 */
/*
 * Issue 38 item 3 (the console's internal calls isolated): every refused action says, in English and in French, where
 * to do it instead (the site's dashboard), and the payments panel works without refundability (its refund words, a
 * "read again"). Measured: the console's French 7113 → 7177 B, over the 7 KB a chunk may weigh, so `widget` 7 →
 * 7.0625 KB; the classic page with the whole console 106621 → 107091 B (payments +244, the bulk bar +127, orders +57,
 * French +64), so `classicWithConsole` 104.5 → 104.75 KB. Every other ceiling unchanged (no page without the console
 * moves).
 *
 * Issue 38 (order edits through the platform's draft orders): the edit's confirmation has the platform price the edit
 * first (the companion's preview route, its call and answer schema in the edit's chunk), then shows the new total, what
 * was paid and what is left to collect or to refund (the money step, its words in English and French; the refusal of a
 * refunded order in words), and the payments panel says a negative balance "To refund". Only owner chunks grew; no
 * page without the console moved. Measured: the classic page with every tag and the whole console 106537 → 107343 B
 * (+806 B; the console's French chunk stays under the 7 KB chunk ceiling, its strings cut to fit); `classicWithConsole`
 * 104.5 → 105 KB.
 *
 * Issue 38 (the owner sees cancellation requests; a refused note edit is said): the console's French 7116 → 7547 B
 * (+431 B: the request's words, approve and decline, the saved view, where to edit a note instead) goes over the 7 KB
 * of an on-demand chunk: its own ceiling, 7.5 KB (the console's French is one chunk, loaded only with the console on a
 * French page). The classic page with the whole console 106621 → 109113 B (+2492 B: the list's saved view and badge
 * +786 B, the detail's request section with approve and decline +1774 B, which also takes the payments calls it makes
 * out of the payments panel's chunk, -534 B there; the French): 104.5 → 106.75 KB.
 * Merged (payments, edits, requests, and the fidelity fixes' review job words), measured on one build of the merged
 * tree: the classic page with every tag and the whole console 110312 B (106537 B when issue 38 began: +3775 B, all in
 * the owner's chunks, loaded only once an owner has signed in; no page without the console moved: every tag 55629 B,
 * the first screen 45858 B, the whole product page 52545 B): `classicWithConsole` 104.5 → 108 KB.
 *
 * Issue 41, the console's Members section (i41-mcon): its list (table and cards, filters as chips, the pending view,
 * the bulk actions) 6619 B, a member's page (actions, orders, reviews, badges, custom fields) its own chunk on first
 * open 2087 B, its calls and the Members tab's pending count 1179 B (read when the console opens), its French its own
 * chunk 1786 B (loaded with the section on a French page: the console's French has no room under its 7.5 KB), the
 * console frame with the tab count 1127 B. Each chunk within the 7 KB of an on-demand chunk; only owner chunks grew,
 * no page without the console moved. The classic page with every tag and the whole console 110312 → 122432 B
 * (+12120 B): `classicWithConsole` 108 → 120 KB.
 * Issue 41 (the console's media library, i41-fcon): the section is split so each part stays under the 7 KB of an
 * on-demand chunk: the grid, search, trash and its model 7123 B; a file's panel (rename, labels, link, a photo's
 * review) 1914 B, loaded when one is first opened; the tools (upload, import, new folder) 1164 B and the upload itself
 * 1015 B, loaded with their first use; the library's calls 835 B (shared by the two); its French 1829 B, its own chunk
 * loaded with the section on a French page, so the console's French (7.5 KB ceiling) takes only the tab's name and the
 * review queue's one new line (7684 B). The classic page with every tag and the whole console 110312 → 124936 B
 * (+14624 B, all in owner chunks loaded only once an owner has signed in and opens the section; no page without the
 * console moved): `classicWithConsole` 108 → 122.25 KB.
 * Both sections merged: the classic page with every tag and the whole console 110312 → 136797 B: `classicWithConsole`
 * 108 → 133.75 KB. The console's French (the frame's and the sections' that travel with it) 7684 → 7697 B, the two
 * new tabs' names and the pending count beside the review queue's new line: `consoleFrench` 7.5 → 7.75 KB. No page
 * without the console moved.
 * Issue 44 item 3 (i44-urls: orders have URLs): the account's and the console's tab and open order in the page's URL
 * (history entries, Back and Forward followed, a link opens the order) and a refund's amount and units shown to the
 * member. The page with every tag stays within its ceiling (55808 B; the frame's URL code and ui/'s two helpers, cut
 * to fit). The classic page with every tag and the whole console 136797 → 137322 B (+525 B: the console frame's and
 * the orders section's URL code, the account's, the refund's words): `classicWithConsole` 133.75 → 134.25 KB.
 * Issue 44 merged (bidi isolation of every value in the shared order view, cart, account, header, reviews, carousel
 * and toasts, with the translator isolating right-to-left values; one money format through the page's locale; a
 * shopper's error in words, the carousel's quiet retry; one profile; orders' URLs; the detail fixes): the page with
 * every tag 55808 → 55997 B, the whole product page 52554 → 52751 B, the classic page with every tag 56181 → 56603 B,
 * with the whole console 137322 → 137699 B. Each is what the issue asks for, on every page: `allWidgetsPage` 54.5 →
 * 54.75 KB, `productPage` 51.5 → 51.75 KB, `classic` 55.25 → 55.5 KB, `classicWithConsole` 134.25 → 134.5 KB. The
 * first screen stays within 45 KB; the product page's goal (≤ 50 KB, issue 39) is further away by 197 B.
 * Issue 44 item 1 (i44-pseudo: the right-to-left test language `ar-XB`, every widget's and the console's words
 * mirrored, in one chunk loaded only by a page that asks for it): the loader's languages map names its chunk, 2091 →
 * 2110 B (`loader` 2.05 → 2.1 KB); core's i18n matches a pack by the locale's full name (`ar-XB`) before its language
 * and isolates every value inside a right-to-left sentence (an address's number would else jump to the other end);
 * core's base sheet lets what a person types read in its own direction (`unicode-bidi: plaintext` on inputs, +10 B).
 * The first screen 46051 → 46103 B (`productPageFirstScreen` 45 → 45.25 KB; it was 29 B under), the classic page
 * with the whole console 137699 → 137755 B (`classicWithConsole` 134.5 → 134.75 KB; it was 29 B under). The pack
 * itself is every English string (1010) and is no widget's part: `testLanguage` 16.5 KB (16115 B), the only chunk it
 * is. The chunk list is otherwise unchanged (no shared chunk: the pack is generated literal strings).
 * Issue 44's last shopper bidi gaps (i44-reviews: the rating's average and count each isolated, the reviews' star
 * counts, photo counter and owner heading, the cart's options, the login's and the account's sentences with values;
 * the review form split into sub-views, a review's text written once), measured against the merged build: the first
 * screen 46051 → 46063 B, the whole product page 52751 → 52778 B, the page with every tag 55997 → 56026 B, the classic
 * page with every tag 56603 → 56633 B, with the whole console 137699 → 137729 B (rating +16 B, reviews +11 B: 1 B over
 * its 134.5 KB, where a build's chunk names alone move it ±2 B): `classicWithConsole` 134.5 → 134.75 KB.
 * Issue 44, i44-media (the console's media, payments, abandoned checkouts and review queue isolated for bidi; the
 * media view and model split at the review's request, each file at most 250 lines): the media section's chunk was
 * 45 B under its 7 KB, so the file panel's actions (rename, labels, a review's decision, the download link) and its
 * sheet moved to the panel's chunk, loaded when a file is first opened: the section 7129 → 7162 B, the panel 1881 →
 * 2325 B; the bidi isolation +34 B (abandoned), +38 B (reviews), +17 B (payments and its forms). The classic page
 * with every tag and the whole console 137699 → 138177 B (owner pages only; no page without the console changes):
 * `classicWithConsole` 134.5 → 135 KB.
 * Issue 44, i44-members (the open member in the page's URL: a history entry, Back to the list with its filters, scroll
 * and focus, a link opens a member and an unknown one is said; the members' values isolated for bidi; the two long
 * views split): the members chunk 6586 → 7131 B (under the 7 KB of a chunk), the member's page 2043 → 2204 B, the
 * frame +5 B, the members' French +43 B. The classic page with the whole console 137699 → 138389 B (+690 B, owner
 * chunks only; no page without the console moved): `classicWithConsole` 134.5 → 135.25 KB.
 * Issue 44's four branches above, merged and measured together (each measured its own figure against the same base):
 * the page with every tag 56152 B (`allWidgetsPage` 54.75 → 55 KB: the pseudo-locale's loader entry, core's
 * right-to-left isolation and the shopper widgets' bidi each fitted 54.75 KB alone, not together), the classic page
 * with the whole console 139138 B (`classicWithConsole` 135.25 → 136 KB: the members' URL and split +690 B, media
 * +478 B, the rest +80 B). The media section came back under its 7 KB by dropping a controlled search field it did
 * not need and a string core already has ("Try again").
 * Then, seen in the gallery: the console's owner check that cannot be made is said with Try again instead of leaving
 * the box hidden, and the media's and the review queue's "Select all" are mixed while some are ticked (as the orders'
 * is), and an order line's option written in the page's language (French: "Couleur\u202f: Marine"): the classic page
 * with the whole console 139138 → 139290 B (`classicWithConsole` 136 → 136.25 KB; owner
 * chunks, and core +4 B).
 * Issue 39, i39-cli (a page's public reads through the site companion, one tokenless request per moment): everything
 * that runs only with a companion is its own chunk (core/api/public-batch.ts, 2.4 KB, with the shared table
 * core/api/public-reads.ts), loaded only by a page that names one. What every page pays is the hooks: http asks the
 * route before any token (+~50 B), boot gives the client that route, importing the chunk on a companion's page (+~70 B),
 * and the loader preloads it with the core and leaves the public early reads to it (the preload map's entry and its
 * call, the early reads' filter). Measured against the same base: loader 2112 → 2153 B, the whole product page 52898
 * → 53024 B, the classic page with every tag 56805 → 56924 B, the first screen 46191 → 46316 B. Merged with i39-size
 * (below), whose ceilings allow for it, none of them was raised.
 * Issue 40, i40-tips (Settings › Tips and › Checkout, measured on branch i40-tips with the lead's i40-frame merged):
 * two owner chunks, Settings › Tips 3056 B and › Checkout 2834 B (gzip -9), the companion calls they share
 * (core/api/admin-tips.ts) 1151 B, their French 901 + 897 B; nothing on a page without the console (the product page,
 * the header pair, every tag: unchanged). The classic page with every tag and the whole console measured 148592 B,
 * the frame's Settings tab included (not measured apart here): `classicWithConsole` 134.25 → 145.25 KB. The test
 * language grows by the two sections' 72 strings, 16115 → 17443 B: `testLanguage` 16.5 → 17.25 KB.
 */
/*
 * Issue 39, i39-size (the product page ≤ 50 KB; decision 2: chunks grouped by what appears together,
 * docs/architecture.md "Chunks"). Measured on one build each, from 52898 B (the product page), 46191 B (its first
 * screen), 56200 B (every tag), 34505 B (the header pair alone), 56805 B (classic), loader 2111 B, core 25744 B:
 * - one file for the header pair (sign-in and cart: every storefront page shows both) and one for a product's buttons
 *   (rating, add-to-cart, back-in-stock), vite.config.ts `WIDGET_GROUPS`: the product page 52898 → 51654 B;
 * - one file for the catalog's calls and stores and the review summaries' (every visitor widget that needs one needs
 *   the other): → 51267 B;
 * - rolldown's helper chunk moved into core (`runtimeIntoCore`; a group cannot take it): a file less on every page,
 *   core +43 B: → 51106 B;
 * - the cart's store in the header pair's file (`GROUP_SHARED`): a file less on every storefront page: → 50744 B.
 * Each lever in the final layout, taken away alone (the product page): the header pair's file −823 B, the buttons'
 * −800 B, the catalog's −403 B, the helper's move −148 B. What a page with one member of a group pays: sign-in alone
 * 30441 → 33495 B, the cart alone 32076 → 33495 B, a rating alone 30767 → 39055 B (the buttons and, through
 * add-to-cart, the header pair's file with the cart's store; 36108 B before the store moved), add-to-cart alone 33094
 * → 39055 B, back-in-stock alone 30713 → 39055 B.
 * Measured at the end: loader 2029 B, core 25787 B, the first screen 44051 B, the whole product page 50744 B, the
 * header pair 33495 B, every tag 54039 B, classic 54646 B, with the whole console 137083 B. Ceilings lowered to fit
 * these with room for the browser side of the companion's public reads (i39-cli measured +126 B on the product page,
 * +41 B on the loader, +~120 B in core): `loader` 2.1 → 2.05 KB, `productPage` 51.75 → 49.75 KB (the 50 KB goal met),
 * `productPageFirstScreen` 45.25 → 43.25 KB, `allWidgetsPage` 55 → 53 KB, `classic` 55.5 → 53.625 KB,
 * `classicWithConsole` 136.25 → 134.25 KB, and a new one for the header pair alone, `headerPage` 33 KB. `runtimeAndCore`
 * 25.25 → 25.5 KB: core took rolldown's helper (+43 B, one request less on every page), and the companion's hooks
 * would not fit the 69 B left.
 * Issue 39, i39-bench: reads of one URL sent together wait for the first one's answer, so the browser sends one CORS
 * preflight per URL per page (core/http.ts; the page's origin from boot.ts): core 25802 → 25889 B (gzip -9 of the
 * chunk); one item's rating summary from one query page, folded into the grid's batch: review-summary 1629 → 1626 B.
 * The classic page with every tag 56881 B (on its own branch).
 * The three branches merged (i39-size, i39-cli, i39-bench), measured on one build: loader 2078 B, the first screen
 * 44292 B, the whole product page 50986 B (the goal, ≤ 51200 B, met with 214 B to spare), every tag 54285 B,
 * the header pair 33648 B, classic 54890 B, with the whole console 137320 B. i39-size's ceilings allowed for the
 * companion's hooks but not also for the preflight gate (+87 B in core): `productPage` 49.75 → 50 KB,
 * `productPageFirstScreen` 43.25 → 43.5 KB, `allWidgetsPage` 53 → 53.25 KB; the others hold.
 */
/*
 * Issue 39, last: a visitor this page has just minted reads no cart (core/auth/tokens.ts `minted`, the cart store's
 * first read; the loader's early cart read gone: loader 2079 → 2048 B), and the page's early cart read waits for its
 * language (the cart's store now runs the header pair's file, whose elements define themselves: on an ar-XB page they
 * rendered in English first). Measured: the header pair 33803 B (`headerPage` 33 → 33.25 KB), classic with every tag
 * 54938 B (`classic` 53.625 → 53.75 KB); the whole product page 51038 B, its first screen 44344 B, within theirs.
 */
/*
 * Issue 40, i40-list (the orders list at Shopify admin's level: a dense table, cards below 900 px, filters applied as
 * they change shown as removable chips, saved views, badges in words with a tone; the console's tabs one row that
 * scrolls at 375 px, the current tab in view, the hidden edge faded). The orders chunk would have been 8868 B (> the
 * 7 KB chunk ceiling), so the list (views, filters, chips, the table and its sheet) is its own chunk, loaded with the
 * section: orders 7173 → 5742 B, orders-list 3802 B; the console's file 1374 → 1880 B (the tab row's scroll code and
 * its fade), its French 7720 → 7822 B. Measured against the same base (bb6963a): the classic page with the whole
 * console 137347 → 141063 B: `classicWithConsole` 134.25 → 138 KB. No page without the console changes (every tag
 * 54947 B, the whole product page 51039 B, its first screen 44343 B, the header pair 33794 B). With the lead's
 * i40-frame merged into this branch (the Settings tab, its list and strings: +2372 B, measured 141063 → 143435 B),
 * `classicWithConsole` 138 → 140.25 KB (the frame's share for the lead to keep or re-measure at the merge).
 * Issue 40, i40-bis (Settings › Back in stock, on the i40-frame Settings tab): its own chunk
 * console-settings-back-in-stock 4061 B and its French 930 B (gzip -9), loaded only when an owner opens the section;
 * no page without the console moved (the first screen, the product page, the header pair, every tag: unchanged). The
 * classic page with every tag and the whole console 144765 B on this branch: i40-frame's Settings tab (its chunk
 * 1962 B, its French 485 B) had already taken it past 137472 B, so `classicWithConsole` 134.25 → 141.5 KB holds both
 * (+2447 B the frame, +4991 B this section; the lead merging the other settings sections counts the frame once). The
 * test language's pack (ar-XB, every word) 16949 B with the frame's and this section's words: `testLanguage` 16.5 →
 * 16.75 KB.
 * Issue 40, i40-disc (Settings › Discounts, owner-only chunks): the section 6803 B (its list, form, preview; under the
 * 7 KB chunk ceiling) and its French 1488 B; with the Settings frame merged from i40-frame (its chunk 1958 B and
 * French 485 B, not raised on its branch) the classic page with the whole console is 148101 B: `classicWithConsole`
 * 134.25 → 144.75 KB (+8291 B of discounts, +2443 B of the frame). The test language carries the section's 80 English
 * strings: ar-XB 17430 B, `testLanguage` 16.5 → 17.25 KB. No page without the console moved (the product page, every
 * tag, classic: unchanged).
 * Issue 40, i40-tax (Settings › Taxes, on the lead's Settings frame): the section's own chunk
 * (console-settings-taxes, 6802 B: regions, the rate everywhere else, groups and their rates, each money change's
 * question, the platform's refusals in words) and its French (1591 B), both loaded only when an owner opens Taxes.
 * Measured on this branch, with the frame (which did not move the ceiling): the classic page with every tag and the
 * whole console 148190 B (137320 B at issue 39's end), so `classicWithConsole` 134.25 → 144.75 KB. No page without
 * the console moved; the test language's chunk is left for the lead to regenerate after the merge (its 16.5 KB would
 * not hold every section's words).
 * Issue 40, i40-ship (Settings › Shipping, owner only; no page without the console moved): its chunk 6571 B (the
 * options by region, the editor, the confirmations; under the 7 KB widget ceiling), the label provider's panel its own
 * chunk 1515 B (loaded beside it: a refusal there costs that panel only), its French 1794 B. Measured on one build
 * with the i40-frame merged: the classic page with every tag and the whole console 149640 B, of which the settings
 * frame and the rest 139760 B (already over the 137472 B ceiling before this section: the frame's part, for the lead's
 * merge to account for), so `classicWithConsole` 134.25 → 146.25 KB; the test language ar-XB carries the section's
 * words too (generated, every string French translates): 17740 B, `testLanguage` 16.5 → 17.5 KB.
 * Issue 40, i40-ful (fulfilment): the order's fulfilment panel is its own chunk, loaded when an order opens (fulfil
 * 3905 B, its shipment cards' few rules inline: the orders sheet's chunk is at the ceiling, with the companion's
 * fulfilment calls shared with the bulk bar, admin-fulfillments 732 B), the bulk bar's "Mark as shipped" (bulk 2768
 * B), the detail's mount and words (detail 6428 B); the panel's French goes in the console's French chunk (+~1 KB:
 * console-fr 8631 B, `consoleFrench` 7.75 → 8.5 KB; the settings sections' French will want that chunk split by
 * section); no page without the console moved. The classic page with every tag and the whole console 137320 → 143377 B
 * (the account's carrier names included): `classicWithConsole` 134.25 → 140.25 KB. The generated test language carries
 * the panel's strings too: ar-XB 17080 B, `testLanguage` 16.5 → 16.75 KB.
 * Issue 40, i40-detail: the order detail in two columns (its customer, addresses, paid / refunded / net, refunded
 * units: console-orders-detail 6251 → 7182 B), the refund panel with steppers, shipping, a live summary and a reason
 * list (the forms' chunk 3756 → 5195 B, with core/api/refund-calc.ts), their French (console-fr 7720 → 7985 B, its
 * strings cut to the shortest that still say it). Measured on one build: the classic page with every tag and the whole
 * console 140285 B: `classicWithConsole` 134.25 → 137.25 KB, `consoleFrench` 7.75 → 7.875 KB. No page without the
 * console moved (core 26112-ceiling met with the calculation kept out of core: core/api/ ships with its widget).
 *
 * Issue 40, the eight branches merged (each branch raised the ceiling by its own part alone, measured against the same
 * base, so the merged page carries all of them): the classic page with every tag and the whole console, now with the Settings tab and
 * its six sections (discounts, shipping and its label panel, taxes, tips, checkout, back in stock, each its own chunk
 * with its own French), the orders list's chunk, the fulfilment panel and the refund panel, 193805 B:
 * `classicWithConsole` 149.25 → 189.5 KB. (The detail's chunk, 7349 B with the fulfilment panel's mount, is back to
 * 6020 B with the buyer's cancellation request its own chunk, 1542 B, loaded only for an order that has one.) Each
 * settings section following the page's turn to French after it loaded (settings/french.ts): 194215 B, 189.75 KB. Five
 * views split into sub-views with their logic in models (fulfilment, refund, discounts, shipping, taxes; each chunk
 * the same files as before, the module wrappers more): 195191 B, 190.75 KB. This is the sum of every console chunk, which no page loads at once: an
 * owner's first screen is the console's file, the orders section and its list; a settings section loads only when
 * opened (the largest, discounts, 6815 B). The test language (ar-XB, every English string mirrored: the eight
 * branches added 436 strings, 1127 → 1563) 22485 B: `testLanguage` 17.5 → 22 KB; it is fetched only by an ar-XB page.
 */
const BUDGET = {
  loader: 2.05 * KB,
  runtimeAndCore: 25.5 * KB,
  widget: 7 * KB,
  consoleFrench: 9 * KB,
  allWidgetsPage: 53.25 * KB,
  productPage: 50 * KB,
  productPageFirstScreen: 43.5 * KB,
  headerPage: 33.25 * KB,
  classicScript: 0.65 * KB,
  classic: 53.75 * KB,
  testLanguage: 22 * KB,
  classicWithConsole: 190.75 * KB,
};

/**
 * The tags of the demo's product page (demo/pages.ts, the page `npm run bench` measures), read from the page itself
 * so the budget follows the page; `lazy`: those whose elements all say `loading="lazy"` (loaded near the viewport).
 */
const productPageHtml = toString(
  productPage({ apiBase: 'https://x.test', assetsBase: 'https://x.test/inlay', clientId: 'c', collections: [] }, {
    id: 'p',
    name: 'P',
    slug: 'p',
    variants: [],
  } as unknown as Parameters<typeof productPage>[1]),
);
const elements = [...productPageHtml.matchAll(/<(inlay-[a-z-]+)([^>]*)>/g)].map(([, tag, attrs]) => ({
  tag: tag!.slice('inlay-'.length),
  lazy: /\sloading="lazy"/.test(attrs!),
}));
const productPageTags = [...new Set(elements.map((e) => e.tag))];
const lazyTags = productPageTags.filter((t) => elements.every((e) => e.tag !== t || e.lazy));

const dir = DIST;
const gz = (file: string) => gzipSync(readFileSync(`${dir}/${file}`), { level: 9 }).length;
const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);
const assets = chunkFiles().map((f) => f.slice('assets/'.length));
/** The chunk named `name` (`<name>-<8 hash characters>.js`: `cart` is not `cart-page`). */
const chunk = (name: string) => assets.filter((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));
const widgets = Object.keys(registry).map((tag) => tag.replace(/^inlay-/, ''));
const asset = (f: string) => `assets/${f}`;
/** The chunk a tag's import loads (`assets/…`): the widget's own, or its group's (WIDGET_GROUPS). */
const tagChunk = (w: string) => {
  const f = elementChunk(w);
  if (!f) throw new Error(`no chunk holds widgets/${w}/element.ts (npm run build first)`);
  return f;
};

/** Files reached from `entries` through static imports (`import … from "./x.js"`), not `import()` on demand. */
function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(`${dir}/${file}`, 'utf8');
    const base = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    for (const m of code.matchAll(/import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[\w./-]+\.js)["']/g)) {
      visit(new URL(m[1]!, `http://x/${base}`).pathname.slice(1));
    }
  };
  entries.forEach(visit);
  return seen;
}
/** What a page with these tags loads before any click (the module tag's page; a classic page adds inlay.js). */
const pageWith = (tags: string[]) => staticClosure(['loader.js', ...chunk('core').map(asset), ...tags.map(tagChunk)]);
/** The source modules the files hold (their source maps). */
const modulesOf = (files: Iterable<string>) => [...files].flatMap((f) => sourcesOf(f));

describe('bundle budgets (gzip)', () => {
  it('the build exists', () => {
    expect(existsSync(`${dir}/loader.js`), 'run npm run build').toBe(true);
    expect(existsSync(`${dir}/inlay.js`)).toBe(true);
  });

  it(`loader.js ≤ ${BUDGET.loader} B`, () => {
    expect(gz('loader.js')).toBeLessThanOrEqual(BUDGET.loader);
  });

  it(`the shared runtime and core, one chunk, ≤ ${BUDGET.runtimeAndCore} B`, () => {
    // one file: every page loads both (a separate runtime chunk was one more request and 0.6 KB more gzip)
    expect(chunk('runtime')).toHaveLength(0);
    expect(chunk('core')).toHaveLength(1);
    const code = readFileSync(`${dir}/assets/${chunk('core')[0]}`, 'utf8');
    expect(code).toContain('http://www.w3.org/2000/svg'); // preact's renderer
    // rolldown's helper too (vite.config.ts `runtimeIntoCore`: its own chunk was a file more on every page, +0.2 KB)
    expect(chunk('rolldown-runtime')).toHaveLength(0);
    expect(code).toContain('Symbol.toStringTag');
    for (const f of assets.map(asset)) expect(readFileSync(`${dir}/${f}`, 'utf8'), f).not.toContain('rolldown-runtime');
    expect(gz(`assets/${chunk('core')[0]}`)).toBeLessThanOrEqual(BUDGET.runtimeAndCore);
  });

  it('one chunk per widget, or per group of widgets shown together (WIDGET_GROUPS), each within its budget', () => {
    const grouped = Object.values(WIDGET_GROUPS).flat();
    for (const w of widgets.filter((w) => !grouped.includes(w))) {
      // named after the widget: budgets and people can tell it apart
      expect(chunk(w), `chunk for ${w}`).toEqual([tagChunk(w).slice('assets/'.length)]);
      expect(gz(tagChunk(w)), w).toBeLessThanOrEqual(BUDGET.widget);
    }
    for (const [name, members] of Object.entries(WIDGET_GROUPS)) {
      expect(
        members.every((w) => widgets.includes(w)),
        name,
      ).toBe(true);
      // the group's widgets, and no other, in one file named after the group
      expect(chunk(name), `chunk for ${name}`).toHaveLength(1);
      expect(new Set(members.map(tagChunk)), name).toEqual(new Set([asset(chunk(name)[0]!)]));
      expect(
        widgets.filter((w) => !members.includes(w) && tagChunk(w) === asset(chunk(name)[0]!)),
        name,
      ).toEqual([]);
      expect(gz(asset(chunk(name)[0]!)), name).toBeLessThanOrEqual(BUDGET.widget);
    }
  });

  it('chunks are the shared runtime, core, one per widget or group, and code shared by several widgets only', () => {
    const elements = new Set(widgets.map(tagChunk));
    const known = new Set([...chunk('core').map(asset), ...elements]);
    // a group's file with shared code (GROUP_SHARED: the cart's store in the header pair's) is imported for it
    const sharing = new Set(Object.keys(GROUP_SHARED).map((name) => asset(chunk(name)[0]!)));
    // anything else is a chunk rolldown split out for code two or more widgets share, or a part loaded on demand: it
    // must not import a widget
    for (const f of assets.map(asset).filter((f) => !known.has(f))) {
      const code = readFileSync(`${dir}/${f}`, 'utf8');
      for (const e of [...elements].filter((e) => !sharing.has(e)))
        expect(code.includes(`./${e.slice('assets/'.length)}`), `${f} imports ${e}`).toBe(false);
    }
  });

  it('a group holds what only its widgets import, and its shared code: what a widget loads on demand stays on demand, and what others import too stays out', () => {
    for (const [name, members] of Object.entries(WIDGET_GROUPS)) {
      const modules = sourcesOf(asset(chunk(name)[0]!));
      const shared = GROUP_SHARED[name];
      expect(
        modules.filter((m) => !members.some((w) => inFolder(m, `widgets/${w}`)) && !shared?.test(`/${m}`)),
        name,
      ).toEqual([]);
      // its shared code is there, and nowhere else
      if (shared) {
        expect(modules.filter((m) => shared.test(`/${m}`)).length, name).toBeGreaterThan(0);
        for (const f of chunkFiles().filter((f) => f !== asset(chunk(name)[0]!)))
          expect(
            sourcesOf(f).filter((m) => shared.test(`/${m}`)),
            f,
          ).toEqual([]);
      }
    }
    // on demand, still: the cart's drawer, the sign-in panel, the back-in-stock form
    const grouped = new Set(Object.keys(WIDGET_GROUPS).map((name) => asset(chunk(name)[0]!)));
    for (const part of ['widgets/cart/drawer.tsx', 'widgets/login/panel.tsx', 'widgets/back-in-stock/notify-form.tsx'])
      expect(
        chunkFiles().filter((f) => grouped.has(f) && sourcesOf(f).includes(part)),
        part,
      ).toEqual([]);
  });

  it(`the header pair (a sign-in and a cart, on every storefront page) ≤ ${BUDGET.headerPage} B, with no catalog code`, () => {
    const files = pageWith(['login', 'cart']);
    expect(modulesOf(files)).toContain('core/stores/current-cart.ts');
    expect(modulesOf(files).filter((m) => /^core\/(api|reads)\/products(-v3)?\.ts$/.test(m))).toEqual([]);
    const total = sum(files);
    console.log(`header pair: ${[...files].join(', ')} = ${total} B`);
    expect(total).toBeLessThanOrEqual(BUDGET.headerPage);
  });

  it(`all widgets on one page ≤ ${BUDGET.allWidgetsPage} B (what loads when every tag is present)`, () => {
    const page = pageWith(widgets);
    const total = sum(page);
    console.log(`page: ${[...page].join(', ')} = ${total} B`);
    expect(total).toBeLessThanOrEqual(BUDGET.allWidgetsPage);
  });

  it(`the demo product page's first screen ≤ ${BUDGET.productPageFirstScreen} B (issue 19's page: what it loads before the shopper scrolls or clicks)`, () => {
    expect(productPageTags.length).toBeGreaterThanOrEqual(8);
    expect(lazyTags).toEqual(['reviews']);
    const tags = productPageTags.filter((t) => !lazyTags.includes(t));
    const total = sum(pageWith(tags));
    console.log(`product page, first screen (${tags.join(', ')}): ${total} B`);
    expect(total).toBeLessThanOrEqual(BUDGET.productPageFirstScreen);
  });

  it(`the whole demo product page ≤ ${BUDGET.productPage} B (scrolled to its end, before any click)`, () => {
    const total = sum(pageWith(productPageTags));
    console.log(`product page, whole (${productPageTags.join(', ')}): ${total} B`);
    expect(total).toBeLessThanOrEqual(BUDGET.productPage);
  });

  it('chunks a widget imports on demand (a form, owner tools, each part of the owner’s console) stay within the widget budget', () => {
    const page = pageWith(widgets);
    for (const f of assets.map(asset).filter((f) => !page.has(f)))
      expect(gz(f), f).toBeLessThanOrEqual(
        /\/console-fr-/.test(f) ? BUDGET.consoleFrench : /\/ar-XB-/.test(f) ? BUDGET.testLanguage : BUDGET.widget,
      );
  });

  it('the console is chosen by folder: no module of widgets/admin/ on a page without <inlay-admin>, and on a page with it only the tag’s own until an owner is known', () => {
    const console = consoleChunks();
    expect(console.length).toBeGreaterThan(1); // the console and its sections, each on demand
    const withoutAdmin = modulesOf(pageWith(widgets.filter((w) => w !== 'admin')));
    expect(withoutAdmin.filter((m) => inFolder(m, 'widgets/admin'))).toEqual([]);
    const withAdmin = pageWith(['admin']);
    expect(console.filter((f) => withAdmin.has(f))).toEqual([]);
    // every module of the folder is in the tag's chunk or the console's: none in a chunk another widget loads
    const own = new Set([...chunk('admin').map(asset), ...console]);
    for (const f of chunkFiles().filter((f) => !own.has(f)))
      expect(
        sourcesOf(f).filter((m) => inFolder(m, 'widgets/admin')),
        f,
      ).toEqual([]);
  });

  it('the account’s and the console’s code (widgets/account/, widgets/admin/, the ui/ they share) stays off pages that show neither', () => {
    const page = modulesOf(pageWith(widgets.filter((w) => w !== 'admin' && w !== 'account')));
    expect(page.length).toBeGreaterThan(0);
    expect(
      page.filter((m) => ['widgets/account', 'widgets/admin', 'ui'].some((folder) => inFolder(m, folder))),
    ).toEqual([]);
  });

  it(`the classic inlay.js ≤ ${BUDGET.classicScript} B: an IIFE that imports loader.js beside it and carries its SRI value`, () => {
    const code = readFileSync(`${dir}/inlay.js`, 'utf8');
    expect(gz('inlay.js')).toBeLessThanOrEqual(BUDGET.classicScript);
    expect(code).toMatch(/^\(\(\)=>\{/); // an IIFE that leaves no global
    expect(code).toContain('"loader.js"');
    expect(code).toContain(JSON.stringify(sri(readFileSync(`${dir}/loader.js`))));
    // nothing of the product in it: no preact, no strings, no import of its own but loader.js's
    expect(code).not.toContain('http://www.w3.org/2000/svg');
    expect([...code.matchAll(/\bimport\(/g)]).toHaveLength(1);
  });

  it(`a classic page with every tag ≤ ${BUDGET.classic} B (inlay.js, then what the loader loads)`, () => {
    const total = gz('inlay.js') + sum(pageWith(widgets));
    console.log(`classic page, every tag: ${total} B`);
    expect(total).toBeLessThanOrEqual(BUDGET.classic);
  });

  it(`that classic page with every part of the owner’s console (its sections, its French) ≤ ${BUDGET.classicWithConsole} B`, () => {
    const page = pageWith(widgets);
    // (each part and what it imports: the core's own on-demand flows are not the console's)
    const all = staticClosure([...page, ...consoleChunks()]);
    const total = gz('inlay.js') + sum(all);
    console.log(`classic page, every tag and the whole console: ${total} B`);
    expect(total).toBeLessThanOrEqual(BUDGET.classicWithConsole);
  });
});
