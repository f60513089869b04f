import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'test-results/', 'bench-results/', 'demo/public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // user content is never HTML
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Never render content as HTML.' },
        { property: 'outerHTML', message: 'Never render content as HTML.' },
        { property: 'insertAdjacentHTML', message: 'Never render content as HTML.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Never render content as HTML.' },
      ],
    },
  },
  {
    files: ['demo/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
);
