// Build entry of the voice remote. The remote is used only through its mf-manifest.json / remoteEntry.js, but
// Rsbuild needs an entry; the async import lets Module Federation negotiate the shared singletons first.
void import('./tools');
