// The product's one version: the root package.json's `version`, bumped at each release (CHANGELOG.md). The gateway
// reports it in /api/health, the shell's footer shows it, and `npm run images` tags every image with it
// (act/<name>:<version>). A named import, so bundles carry this one field and not the whole package.json.
// The repository's own package.json, not another workspace: the boundary rule's one exception.
// eslint-disable-next-line no-restricted-imports
import { version } from '../../../package.json';

export const PRODUCT_VERSION: string = version;
