// ESLint (flat config): TypeScript, the rules of hooks, and the folder boundaries of src/
// (see docs/architecture.md, "UI"):
//   app/        the shell: routes, layouts, header; may use everything below it
//   features/   one folder per content kind (story, paper, event, project, person) plus search and feed;
//               another feature is used only through its index.ts, never its files
//   components/, hooks/, lib/, api/, kinds/   generic pieces; they never import app/ or features/
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const noFeatureInternals = {
  group: ['@/features/*/*', '!@/features/*/index'],
  message: 'Use the feature through its index.ts (`@/features/<name>`), not its files.',
};

const effectHooks = '/^use(Layout|Insertion)?Effect$/';
const valueBody = "ArrowFunctionExpression[expression=true]:not([body.type='ArrowFunctionExpression']):not([body.type='FunctionExpression'])";
const effectMessage = 'An effect must not return a value (React calls it as the cleanup): wrap the body in braces.';
const effectReturnsValue = [
  { selector: `CallExpression[callee.name=${effectHooks}] > ${valueBody}:first-child`, message: effectMessage },
  { selector: `CallExpression[callee.property.name=${effectHooks}] > ${valueBody}:first-child`, message: effectMessage },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'src/api/schema.d.ts', 'e2e/screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An effect whose arrow returns a value hands React that value as its cleanup: `() => window.scrollTo(0, 0)`
      // returns a Promise in current Chromium, and React then calls it on unmount ("n is not a function").
      'no-restricted-syntax': ['error', ...effectReturnsValue],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/components', './src/hooks', './src/lib', './src/api', './src/kinds'],
              from: ['./src/features', './src/app'],
              message: 'Generic code (components, hooks, lib, api, kinds) never depends on a feature or the app shell.',
            },
            { target: './src/features', from: './src/app', message: 'Features do not depend on the app shell.' },
          ],
        },
      ],
    },
  },
  // Inside features: another feature only through its index; no climbing out of the folder by relative path.
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noFeatureInternals, { group: ['../*'], message: 'Import other folders by `@/…`, features by their index.' }] },
      ],
    },
  },
  // The app shell: features through their index, except their pages, which it loads lazily (one chunk per page).
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ ...noFeatureInternals, group: [...noFeatureInternals.group, '!@/features/*/*Page'] }] },
      ],
    },
  },
  {
    files: ['*.{js,mjs}', 'scripts/**/*.mjs', 'e2e/**/*.mjs', 'vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
