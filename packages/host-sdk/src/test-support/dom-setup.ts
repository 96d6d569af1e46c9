// Set-up of every browser-code test file (vitest's dom project). findBy*/waitFor give up after 1 s by default; on a
// loaded two-core machine a lazily loaded page can take longer than that to appear, so they wait up to 5 s. A real
// failure still fails, only later.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
