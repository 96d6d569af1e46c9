// The shared singletons of the front end (team contract): one React, one router, one host-sdk and one contracts
// per page. 'react/' and 'react-dom/' cover subpath imports (react/jsx-runtime, react-dom/client), which the bare
// names do not.
const singleton = { singleton: true, requiredVersion: false } as const;

export const SHARED_SINGLETONS = {
  react: singleton,
  'react/': singleton,
  'react-dom': singleton,
  'react-dom/': singleton,
  'react-router': { ...singleton, treeShaking: { mode: 'runtime-infer' as const } },
  '@act/host-sdk': singleton,
  '@act/contracts': singleton,
};
