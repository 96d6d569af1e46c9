// One lint setup for every workspace: typescript-eslint's recommended rules plus the boundaries we enforce.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Every image decode goes through service-kit's openImage, which caps pixels (a small PNG can declare 16k×16k and
// take about 1 GB to decode); a bare sharp() would fall back to sharp's own ~268 MP limit.
const SHARP_ONLY_THROUGH_OPEN_IMAGE = {
  name: 'sharp',
  message: "Use openImage from '@act/service-kit/media': it sets the repo's pixel limit.",
};

const SERVER_CONTRACTS = {
  name: '@act/contracts/server',
  message: 'Server-only contracts never ship to the browser: use @act/contracts.',
};

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
    rules: { 'no-restricted-imports': ['error', { paths: [SHARP_ONLY_THROUGH_OPEN_IMAGE] }] },
  },
  {
    // Contracts are imported by browser and server alike: they may depend on nothing internal.
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [SHARP_ONLY_THROUGH_OPEN_IMAGE], patterns: ['@act/*', '../../*'] },
      ],
    },
  },
  {
    // Browser code never loads the server-only contracts (NATS subjects, deployment table, price env names).
    files: ['shell/**/*.{ts,tsx}', 'packages/host-sdk/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [SHARP_ONLY_THROUGH_OPEN_IMAGE, SERVER_CONTRACTS], patterns: ['@act/service-kit'] },
      ],
    },
  },
  {
    // Remotes may use only contracts and host-sdk from the monorepo.
    files: ['remotes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SHARP_ONLY_THROUGH_OPEN_IMAGE, SERVER_CONTRACTS],
          patterns: ['@act/service-kit', '@act/shell', '@act/remote-*', '@act/identity', '@act/credits'],
        },
      ],
    },
  },
  {
    // Services talk to each other over HTTP or NATS, never by import.
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SHARP_ONLY_THROUGH_OPEN_IMAGE],
          patterns: ['@act/identity', '@act/credits', '@act/prompt', '@act/gateway', '../../*/src/*'],
        },
      ],
    },
  },
  {
    // The one place that may call sharp directly.
    files: ['packages/service-kit/src/media/image.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
