import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
