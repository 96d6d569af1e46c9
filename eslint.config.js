// One lint setup for every workspace: typescript-eslint's recommended rules plus the boundaries we enforce.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'load-tests/results/**', 'e2e/test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Contracts are imported by browser and server alike: they may depend on nothing internal.
    files: ['packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@act/*', '../../*'] }] },
  },
  {
    // Remotes may use only contracts and host-sdk from the monorepo.
    files: ['remotes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@act/service-kit', '@act/shell', '@act/remote-*', '@act/identity', '@act/credits'] },
      ],
    },
  },
  {
    // Services talk to each other over HTTP or NATS, never by import.
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@act/identity', '@act/credits', '@act/prompt', '@act/gateway', '../../*/src/*'] },
      ],
    },
  },
);
