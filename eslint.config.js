import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The client's features: each may import only itself and the shared layers (see the zones below). */
const features = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'tests/e2e/screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Imports resolve as TypeScript does (the @client/ and @shared/ aliases of tsconfig.json).
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    rules: {
      // No module of server, worker, shared or client reaches itself again through its imports.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The client's layers, as in bulletproof-react: shared code (components, hooks, lib,
    // locales) <- features <- app. A feature imports no other feature: what two features
    // use lives in the shared layers, and a screen that combines features is composed in app/.
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./client/src/features/${feature}`,
              from: './client/src/features',
              except: [`./${feature}`],
              message: 'A feature imports no other feature: move what both use to components/, hooks/ or lib/, or compose them in app/.',
            })),
            { target: './client/src/features', from: './client/src/app', message: 'Features do not import app/: app/ imports features.' },
            {
              target: ['./client/src/components', './client/src/hooks', './client/src/lib', './client/src/locales'],
              from: ['./client/src/features', './client/src/app'],
              message: 'Shared code (components, hooks, lib) imports neither features nor app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Dates on screen go through client/src/lib/format.ts: one style per kind, both languages.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'date-fns', importNames: ['format', 'formatDate', 'lightFormat', 'intlFormat'], message: 'Use formatDate/useFormatDate from @client/lib/format.' },
            // Zod learns the interface language there (it is not in the first download).
            { name: '@hookform/resolvers/zod', message: 'Use zodResolver from @client/components/form/zod-resolver.' },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/lib/format.ts', 'client/src/components/form/zod-resolver.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
