// Entry of the shell. Only an async import: Module Federation must negotiate the shared singletons (react,
// host-sdk, ...) before any module that uses them runs.
void import('./bootstrap');
