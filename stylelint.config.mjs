// Stylelint checks one thing: no raw colour outside the design tokens, so a colour is named once
// (packages/host-sdk/src/tokens.css) and every stylesheet uses var(--act-...).
const RAW_COLOUR_FUNCTIONS = ['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch', 'color'];

export default {
  ignoreFiles: [
    '**/node_modules/**',
    '**/dist/**',
    '.data/**',
    'e2e/test-results/**',
    'load-tests/results/**',
  ],
  rules: {
    'color-no-hex': true,
    'color-named': 'never',
    'function-disallowed-list': RAW_COLOUR_FUNCTIONS,
  },
  overrides: [
    {
      files: ['packages/host-sdk/src/tokens.css'],
      rules: { 'color-no-hex': null, 'color-named': null, 'function-disallowed-list': null },
    },
    {
      // The first paint's background, before the app's stylesheets (and tokens.css) arrive; a test checks that its
      // two colours are tokens.css's --act-color-bg.
      files: ['shell/public/boot.css'],
      rules: { 'color-no-hex': null },
    },
  ],
};
