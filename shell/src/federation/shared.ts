// The shell's shared singletons: the front end's one list (host-sdk's federation module), with react-router
// tree-shaken at run time (the shell alone routes; remotes navigate through host.navigate).
import { SHARED_SINGLETONS as CONTRACT_SINGLETONS } from '@act/host-sdk/federation';

export const SHARED_SINGLETONS = {
  ...CONTRACT_SINGLETONS,
  'react-router': { ...CONTRACT_SINGLETONS['react-router'], treeShaking: { mode: 'runtime-infer' as const } },
};
