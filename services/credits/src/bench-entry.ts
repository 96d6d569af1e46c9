// What load-tests/ uses of credits (the package's `@act/credits/bench` entry): the real workers and store for the
// credits section, and the commit batch's statements for its floor (load-tests/credits-floor.ts), so the bench never
// reaches into src/ by path.
export { systemClock } from './clock';
export { loadCreditsConfig } from './config';
export { commitHolds } from './db/commit-batch';
export { createCreditsStore } from './db/credits-store';
export { chargeMembers } from './db/holds';
export { migrateCreditsDatabase } from './db/migrate';
export { ensureAccount } from './domain/account-lifecycle';
export { PLAN_ALLOWANCES } from './domain/credit-controls';
export { createNoticeEvents } from './domain/notice-events';
export { createPaddleClient } from './providers/paddle';
export { startCreditsWorkers } from './workers';
