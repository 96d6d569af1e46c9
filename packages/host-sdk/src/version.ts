// The host SDK's version (semver, from its package.json): the contract between the shell and the remotes. A remote
// declares the range of host SDKs it works with (defineRemoteConfig writes it into its mf-manifest.json); the shell
// renders a remote only when its own HOST_SDK_VERSION satisfies that range. Bump it when remotes can notice a change:
// major for a breaking one (minor while 0.x), minor for an addition (patch while 0.x).
import packageJson from '../package.json';

export const HOST_SDK_VERSION: string = packageJson.version;

/** The manifest field (metaData.<this>) carrying the range of host SDK versions a remote needs. */
export const REQUIRED_HOST_SDK_FIELD = 'requiredHostSdk';
