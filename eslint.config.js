import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'infra/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The dashboard's browser code (bundled by apps/api/scripts/bundle-dashboard.ts) runs in the page, not in Node.
    files: ['apps/api/src/dashboard/browser/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Type-aware: a promise nobody awaits loses its rejection, and one passed where a callback's result is ignored
    // (an event handler, setInterval) runs unawaited. Every file here belongs to its package's tsconfig.json.
    files: ['apps/**/*.ts', 'packages/**/*.ts', 'examples/**/*.ts', 'test/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
