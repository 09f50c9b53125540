// ESLint (flat config): JavaScript and typescript-eslint recommended rules, plus the
// import boundaries of docs/architecture.md (eslint/boundaries.mjs) and, on the
// server, the transaction scope (eslint/transaction-scope.mjs); in UI code, no Chinese
// words or punctuation outside the catalogues (eslint/ui-text.mjs). `npm run lint`.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries.mjs';
import transactionScope from './eslint/transaction-scope.mjs';
import uiText from './eslint/ui-text.mjs';

const zhixue = { rules: { ...boundaries.rules, ...transactionScope.rules, ...uiText.rules } };

export default tseslint.config(
  { ignores: ['dist/', 'dist-tests/', 'coverage/', 'data/', '.tmp/', 'bench/results/', 'node_modules/', 'test/e2e/.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { zhixue },
    rules: {
      'zhixue/boundaries': 'error',
      // `_name` marks a parameter or binding kept on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'zhixue/transaction-scope': 'error', 'zhixue/table-owners': 'error' },
  },
  {
    // React components and hooks (elements, host app, embed panel).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'zhixue/ui-text': 'error',
    },
  },
  {
    // The catalogues are where the words (and their punctuation) live, the markdown renderer keeps its own
    // few, and format.ts is the one place that writes each language's punctuation.
    files: ['src/i18n/**', 'src/elements/shared/markdown/labels*.ts', 'src/elements/shared/format.ts'],
    rules: { 'zhixue/ui-text': 'off' },
  },
  {
    // Kysely's migration signature: a migration must not depend on today's table
    // types (they change after it ships), so it takes Kysely<any>.
    files: ['server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read untyped JSON replies and poke at internals; chai asserts with
    // property chains (`expect(x).to.be.true`), which are expressions on purpose.
    files: ['test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
      // bench/*.page.ts(x) are browser code that tsconfig.node-tests.json cannot check.
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-nocheck': 'allow-with-description' }],
    },
  },
);
