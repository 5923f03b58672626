import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['auth', 'messages', 'pets'];
const shared = ['./src/api', './src/config', './src/lib', './src/ui'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist.meta',
      'e2e/.builds',
      'bench/tmp',
      'coverage',
      'playwright-report',
      'test-results',
      'contract/schema.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // Imports flow one way (docs/architecture.md): app → features → shared modules → contract, and
  // the service → contract. No cycles, dynamic imports included.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/features', from: './src/app', message: 'Features never import the app shell.' },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: move what both need to a shared module.',
            })),
            { target: shared, from: ['./src/app', './src/features'], message: 'Shared modules never import up.' },
            { target: ['./src', './contract'], from: './server', message: 'The app never imports the service.' },
            { target: ['./server', './contract'], from: './src', message: 'The service never imports the app.' },
          ],
        },
      ],
    },
  },
);
