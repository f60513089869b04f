import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

// user content is never HTML
const NO_HTML = ['innerHTML', 'outerHTML', 'insertAdjacentHTML'].map((property) => ({
  property,
  message: 'Never render content as HTML.',
}));

/** Browser globals core reaches only through the files that own the page (below). */
const DOM_GLOBALS = [
  'window',
  'self',
  'top',
  'parent',
  'frames',
  'document',
  'location',
  'history',
  'navigator',
  'screen',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'BroadcastChannel',
  'customElements',
  'matchMedia',
  'getComputedStyle',
  'requestAnimationFrame',
  'addEventListener',
  'removeEventListener',
  'dispatchEvent',
  'MutationObserver',
  'IntersectionObserver',
  'ResizeObserver',
  'HTMLElement',
  'CSSStyleSheet',
  'scrollTo',
  'alert',
  'confirm',
  'open',
  'innerWidth',
  'innerHeight',
  'devicePixelRatio',
  'visualViewport',
].map((name) => ({
  name,
  message: 'core reaches the page only through its seams (eslint.config.js): take it as a parameter.',
}));

/** The core files that own the page and may reach it (the core block below lists why). */
const PAGE_OWNERS = [
  'core/boot.ts',
  'core/element.ts',
  'core/storage.ts',
  'core/stores/cart-page.ts',
  'core/services/sign-in-page.ts',
];
/**
 * Core's layers, top first (docs/architecture.md "Layers of the browser bundle"): a file imports its own layer and the
 * ones below it, never one above. Paths are files or folders; every core file is in one (tests/lint/rules.test.ts).
 */
const CORE_LAYERS = [
  { name: 'the composition root', paths: ['core/boot.ts'] },
  { name: 'the element layer', paths: ['core/element.ts', 'core/events.ts', 'core/theme.ts'] },
  { name: 'services', paths: ['core/services'] },
  { name: 'page state', paths: ['core/stores'] },
  { name: 'cached reads', paths: ['core/reads'] },
  { name: 'the call modules', paths: ['core/api'] },
  { name: 'the client and its context', paths: ['core/client.ts', 'core/context.ts'] },
  { name: 'tokens and the query cache', paths: ['core/auth', 'core/cache'] },
  { name: 'http', paths: ['core/http.ts'] },
  { name: 'the operation table', paths: ['core/urls.ts', 'core/ops.ts', 'core/ops'] },
  {
    name: 'the base (configuration, constants, errors, storage, i18n)',
    paths: [
      'core/config.ts',
      'core/constants.ts',
      'core/errors.ts',
      'core/safe-url.ts',
      'core/storage.ts',
      'core/i18n',
      'core/on-demand.ts',
      'core/address.ts',
    ],
  },
];
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const LAYER_ZONES = CORE_LAYERS.slice(1).map((layer, i) => ({
  target: layer.paths,
  from: CORE_LAYERS.slice(0, i + 1).flatMap((above) => above.paths),
  message: `core's layers (docs/architecture.md): ${layer.name} may not import ${CORE_LAYERS.slice(0, i + 1)
    .map((above) => above.name)
    .join(', ')}.`,
}));
/** What the browser bundle's other parts and the companion never import. */
const PART_ZONES = [
  { target: 'core', from: ['widgets', 'ui'], message: 'core never imports a widget or ui/: arrows point down.' },
  {
    target: 'companion',
    from: ['widgets', 'ui'],
    message: 'the site companion runs on a server: it never imports widgets/ or ui/ (core only).',
  },
  {
    // the loader and the classic entry build the page; nothing else reaches the composition root
    target: ['widgets/*/**', 'widgets/!(start|inlay).ts', 'ui', 'companion', 'emulator'],
    from: ['core/boot.ts'],
    message: 'Nothing imports core/boot.ts but the entries (widgets/start.ts, widgets/inlay.ts).',
  },
];
/**
 * Module-level state in core: none but the page's own (its page-owning files). A store or a `let` at the top of a
 * module would be shared by every client; `oncePer(client)` (core/context.ts) keeps one per client instead.
 */
const NO_MODULE_STATE = [
  ...['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].flatMap((decl) => [
    {
      selector: `${decl}[kind='let']`,
      message: 'No module-level state in core: keep it per client (oncePer in core/context.ts).',
    },
    {
      selector: `${decl} > VariableDeclarator > CallExpression.init[callee.name=/^(atom|map|deepMap|computed)$/]`,
      message: 'No module-level store in core: a second client would share it. Use oncePer (core/context.ts).',
    },
  ]),
];

/**
 * zod travels in the core chunk, so a schema kind any browser module uses is paid on every page: core/api/json.ts has
 * what the platform's answers need of the two that cost most (z.record alone 0.6 KB gzip, z.union 0.3 KB).
 */
const ZOD_HEAVY = {
  'use dictOf (core/api/json.ts)': ['record', 'partialRecord', 'looseRecord'],
  'use textOrNumber or a z.custom check (core/api/json.ts)': ['union', 'discriminatedUnion', 'xor'],
};
const zodMessage = (name, instead) => `zod's ${name} would cost every page again (zod travels in core): ${instead}.`;
const ZOD_EVERY_PAGE = Object.entries(ZOD_HEAVY).flatMap(([instead, names]) =>
  names.map((property) => ({ object: 'z', property, message: zodMessage(`z.${property}`, instead) })),
);
/** The same kinds imported by name (`import { record } from 'zod/mini'`). */
const ZOD_EVERY_PAGE_IMPORTS = {
  selector: `ImportDeclaration[source.value=/^zod(\\/|$)/] ImportSpecifier[imported.name=/^(${Object.values(ZOD_HEAVY).flat().join('|')})$/]`,
  message: zodMessage('record and union kinds', 'see core/api/json.ts'),
};
const NO_HTML_JSX = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Never render content as HTML.',
};
/**
 * The widgets are React code built against Preact's hooks without compat (widgets/react-hooks.ts): nothing that only
 * React or preact/compat would honour (tests/lint/rules.test.ts plants each).
 */
const REACT_SUBSET = [
  {
    selector: "JSXOpeningElement[name.name='select'] > JSXAttribute[name.name='defaultValue']",
    message: 'No defaultValue on a <select> (only React and preact/compat honour it): mark the option `selected`.',
  },
  {
    selector:
      "JSXOpeningElement[name.name='textarea'] > JSXAttribute[name.name='onChange'], JSXOpeningElement[name.name='input']:not(:has(JSXAttribute[name.name='type'][value.value=/^(checkbox|radio|file)$/])) > JSXAttribute[name.name='onChange']",
    message: 'On a text field, onChange fires on each key only in React and preact/compat: use onInput.',
  },
  {
    selector: 'JSXAttribute[name.name=/^(className|htmlFor)$/]',
    message: 'Write the DOM names, `class` and `for`, as Preact does (React accepts them too).',
  },
];
const NODE_ONLY = 'companion/ runs on every web-standard runtime: Node-only APIs belong in companion/node.ts.';

export default tseslint.config(
  // tests/lint/planted-*: violations tests/lint/rules.test.ts plants for a moment (it lints them with ignore: false)
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.data/',
      'test-results/',
      'bench-results/',
      'demo/public/',
      'tests/lint/planted-*/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', ...NO_HTML],
      'no-restricted-syntax': ['error', NO_HTML_JSX],
    },
  },
  {
    // No import cycles anywhere (imports name their .ts/.tsx files: the node resolver finds them as written).
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // core is a library: no DOM globals, so core/api runs in Node and every store or flow can be tested with fakes.
    // Only the files that own the page may reach it:
    // - core/boot.ts (the composition root: the script tag's page, window.Inlay) and core/element.ts (custom elements,
    //   shadow roots, style sheets);
    // - core/storage.ts: the storage and locks seam (localStorage, sessionStorage, navigator.locks, storage events);
    // - core/stores/cart-page.ts: the cart's channel seam (BroadcastChannel, pageshow, inlay-cart-change on document);
    // - core/services/sign-in-page.ts: the sign-in flows' page (URL, history, sessionStorage, the hidden frame).
    files: ['core/**/*.{ts,tsx}'],
    ignores: ['core/**/*.test.{ts,tsx}', ...PAGE_OWNERS],
    rules: {
      'no-restricted-globals': ['error', ...DOM_GLOBALS],
      // the same globals reached as globalThis.x (this rule's options replace the ones above: NO_HTML again)
      'no-restricted-properties': [
        'error',
        ...NO_HTML,
        ...ZOD_EVERY_PAGE,
        ...DOM_GLOBALS.map(({ name, message }) => ({ object: 'globalThis', property: name, message })),
      ],
    },
  },
  {
    // the page-owning core files and the widgets: the same zod rule (the block above leaves the former out)
    files: [...PAGE_OWNERS, 'widgets/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}'],
    ignores: ['widgets/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-properties': ['error', ...NO_HTML, ...ZOD_EVERY_PAGE] },
  },
  {
    // the same kinds imported by name
    files: ['core/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', NO_HTML_JSX, ZOD_EVERY_PAGE_IMPORTS, ...REACT_SUBSET] },
  },
  {
    // Core's layers and the parts' boundaries (docs/architecture.md "What may import what"); tests may reach across.
    files: ['core/**/*.{ts,tsx}', 'companion/**/*.ts', 'widgets/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}', 'emulator/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...LAYER_ZONES, ...PART_ZONES] }],
    },
  },
  {
    // no module-level state in core but the page's own: boot.ts and element.ts (the selectors above, and the state rule)
    files: ['core/**/*.{ts,tsx}'],
    ignores: ['core/**/*.test.{ts,tsx}', 'core/boot.ts', 'core/element.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_HTML_JSX, ZOD_EVERY_PAGE_IMPORTS, ...NO_MODULE_STATE] },
  },
  {
    // The site companion is one web-standard handler that runs on Node, Workers, Deno and serverless functions: no
    // Node-only module and no Node global inside companion/, except its Node adapter (node.ts) and the tests.
    files: ['companion/**/*.ts'],
    ignores: ['companion/node.ts', 'companion/**/*.test.ts', 'companion/test-helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: NODE_ONLY })),
          patterns: [{ group: ['node:*'], message: NODE_ONLY }],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'require', '__dirname', '__filename', 'global', 'setImmediate'].map((name) => ({
          name,
          message: NODE_ONLY,
        })),
      ],
    },
  },
  {
    // The apps' sections (issue 37): a view renders its model's stores and calls its actions; the platform and companion
    // calls are the section's model's. Types from core/api are fine.
    files: ['widgets/account/**/*.tsx', 'widgets/admin/**/*.tsx', 'ui/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/api/*'],
              allowTypeImports: true,
              message: "A view does not call the API: the call is its section's model's (model.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['demo/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
);
