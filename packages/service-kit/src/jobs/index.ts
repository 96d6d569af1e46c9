// The kit's jobs runner (docs/architecture.md#voice-jobs): long work that belongs to the server. runner.ts claims,
// runs and settles jobs; wait-for-job.ts follows one wherever it runs; types.ts is what callers and handlers see.

/** The kit's migration folder with the jobs table; pass it to runMigrations before the service's own folder. */
export const JOBS_MIGRATIONS = new URL('../../migrations/jobs/', import.meta.url);

export { createJobRunner } from './runner';
export type {
  JobContext,
  JobHandler,
  JobOutcome,
  JobRecord,
  JobRunner,
  JobRunnerOptions,
  JobStatus,
  SubmitInput,
  WaitOptions,
} from './types';
