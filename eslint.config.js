// One lint setup for every workspace: typescript-eslint's recommended rules, the React hooks and accessibility rules
// for JSX, floating promises on server code (type-aware), plus the boundaries we enforce.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
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

/**
 * Workspaces import each other by package name (@act/...), so each side of a boundary is one pattern: every @act
 * package except the ones allowed (gitignore negation), which covers services and remotes added later too.
 */
function onlyActPackages(allowed, message) {
  return { group: ['@act/*', ...allowed.flatMap((name) => [`!@act/${name}`, `!@act/${name}/*`])], message };
}

// A relative path that climbs out of its workspace into another one's sources (../../image/src/..., or from e2e/ and
// load-tests/ ../services/image/src/...), or a package name followed by its src/ (@act/image/src/...).
const INTO_ANOTHER_WORKSPACE = {
  regex: '^((\\.\\./)+([^./][^/]*/)+|@act/[^/]+/)src(/|$)',
  message:
    "Import another workspace by its package name and public entries (package.json's exports), never by a path into its src/.",
};

// Browser code (shell, remotes, host-sdk): contracts and host-sdk only. A remote never imports the shell, another
// remote or a service; the shell never imports a remote (it loads them over Module Federation).
const BROWSER_BOUNDARY = onlyActPackages(
  ['contracts', 'host-sdk'],
  'Browser code uses only @act/contracts and @act/host-sdk: remotes load through Module Federation, services over HTTP.',
);

// Services talk to each other over HTTP or NATS, never by import; dev-infra is for their tests.
const SERVICE_BOUNDARY = onlyActPackages(
  ['contracts', 'service-kit', 'dev-infra'],
  'A service imports only @act/contracts, @act/service-kit and (tests) @act/dev-infra: other services over HTTP or NATS.',
);

// Server code checked with type information (no-floating-promises): the services, the gateway and the packages they
// run. Scoped to these files so the type-aware pass does not cover the front-end as well.
const SERVER_FILES = [
  'services/*/src/**/*.ts',
  'gateway/src/**/*.ts',
  'packages/service-kit/src/**/*.ts',
  'packages/contracts/src/**/*.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.bench-dist/**',
      '.data/**',
      'load-tests/results/**',
      'e2e/test-results/**',
    ],
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
    files: ['shell/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'packages/host-sdk/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SHARP_ONLY_THROUGH_OPEN_IMAGE, SERVER_CONTRACTS],
          patterns: [BROWSER_BOUNDARY, INTO_ANOTHER_WORKSPACE],
        },
      ],
    },
  },
  {
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [SHARP_ONLY_THROUGH_OPEN_IMAGE], patterns: [SERVICE_BOUNDARY, INTO_ANOTHER_WORKSPACE] },
      ],
    },
  },
  {
    // The gateway and the server packages never import a service or browser code either.
    files: ['gateway/**/*.ts', 'packages/service-kit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SHARP_ONLY_THROUGH_OPEN_IMAGE],
          patterns: [
            onlyActPackages(
              ['contracts', 'service-kit', 'dev-infra'],
              'Server code imports only @act/contracts, @act/service-kit and (tests) @act/dev-infra.',
            ),
            INTO_ANOTHER_WORKSPACE,
          ],
        },
      ],
    },
  },
  {
    // The browser tests and the bench drive the product over HTTP; what they need inside a service (its provider
    // fakes, the credits workers the bench runs in-process) comes through the package's entries (@act/image/testing).
    files: ['e2e/**/*.ts', 'load-tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [SHARP_ONLY_THROUGH_OPEN_IMAGE], patterns: [INTO_ANOTHER_WORKSPACE] },
      ],
    },
  },
  {
    files: ['{shell,remotes,packages/host-sdk}/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['{shell,remotes,packages/host-sdk}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: SERVER_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // The one place that may call sharp directly.
    files: ['packages/service-kit/src/media/image.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
