// What the credits bench (load-tests/credits-bench.ts, credits-floor.ts) runs in its own process (`@act/credits/bench`):
// the real credits workers with their store, config and clock, and the hold statements its floor writes raw beside
// them. Nothing here is a second way in for services: they reach credits over NATS.
export { systemClock } from './clock';
export { loadCreditsConfig } from './config';
export { createCreditsStore } from './db/credits-store';
export { chargeMembers, commitHolds } from './db/holds';
export { migrateCreditsDatabase } from './db/migrate';
export { ensureAccount } from './domain/account-lifecycle';
export { createNoticeEvents } from './domain/notice-events';
export { createPaddleClient } from './providers/paddle';
export { startCreditsWorkers } from './workers';
