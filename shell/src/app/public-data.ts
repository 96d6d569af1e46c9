// The public pages' data. The production build replaces `__ACT_PUBLIC_DATA__` with the JSON that
// build-public-data.ts computes from contracts (rsbuild source.define), so the landing page's code has no runtime
// import of contracts at all; tests set the same value as a global (test-support/public-data-global.ts).
import type { PublicData } from './build-public-data';

declare global {
  var __ACT_PUBLIC_DATA__: PublicData;
}

export const PUBLIC_DATA: PublicData = __ACT_PUBLIC_DATA__;
