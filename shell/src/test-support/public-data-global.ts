// Tests run the shell's modules without the build's define: provide the public data the build would inline.
// Imported first by render-app.tsx, before any module that reads it.
import { buildPublicDataByLocale } from '../app/build-public-data';

globalThis.__ACT_PUBLIC_DATA__ = buildPublicDataByLocale();
