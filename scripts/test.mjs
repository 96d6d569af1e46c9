// `npm test`: the whole suite in order, stopping at the first failing stage: lint and format, typecheck, vitest
// (every workspace, real PostgreSQL and NATS), the e2e suite, then the system from docker-compose.yml (every image
// built, `docker compose up`, a smoke suite through the gateway). Ends with one line `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rerunOnRepoNode } from './repo-node.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// On the repository's Node 24 even when started as `node scripts/test.mjs` by an older Node.
rerunOnRepoNode(repoRoot);
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const vitestJson = path.join(repoRoot, '.data', 'vitest.json');
// The e2e runner writes its own report here (vitest's or Playwright's JSON reporter format).
const e2eJson = path.join(repoRoot, '.data', 'e2e.json');
const composeJson = path.join(repoRoot, '.data', 'compose.json');
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(command, args) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.error) console.error(`test: ${command}: ${result.error.message}`);
  return result.status === 0;
}

/** Adds the counts of a vitest (jest-style) or Playwright JSON report; returns false when there is none. */
function addCounts(file) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  if (typeof report.numPassedTests === 'number') {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    return true;
  }
  if (report.stats && typeof report.stats.expected === 'number') {
    totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
    totals.failed += report.stats.unexpected ?? 0;
    totals.skipped += report.stats.skipped ?? 0;
    return true;
  }
  return false;
}

function finish(ok, failedStage) {
  if (!ok) console.error(`\ntest: stage '${failedStage}' failed`);
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  process.exit(ok ? 0 : 1);
}

function stage(name, ...steps) {
  console.log(`\n=== ${name}`);
  const startedAt = Date.now();
  // Every step of a stage runs (lint and format both report), the stage fails if any did.
  const ok = steps.map((step) => step()).every(Boolean);
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  if (!ok) finish(false, name);
}

fs.mkdirSync(path.dirname(vitestJson), { recursive: true });
stage(
  'lint',
  () => run(bin('eslint'), ['.']),
  () => run(bin('stylelint'), ['**/*.css']),
  () => run(bin('prettier'), ['--check', '.', '--log-level', 'warn']),
);
stage('typecheck', () => run(process.execPath, [path.join(repoRoot, 'scripts', 'typecheck.mjs')]));

fs.rmSync(vitestJson, { force: true });
stage('unit and integration (vitest)', () => {
  const ok = run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.relative(repoRoot, vitestJson)}`,
  ]);
  if (!addCounts(vitestJson)) {
    console.error('test: vitest wrote no JSON report');
    return false;
  }
  return ok;
});

const e2ePackage = path.join(repoRoot, 'e2e', 'package.json');
const e2eHasTests =
  fs.existsSync(e2ePackage) && Boolean(JSON.parse(fs.readFileSync(e2ePackage, 'utf8')).scripts?.test);
if (e2eHasTests) {
  fs.rmSync(e2eJson, { force: true });
  stage('end to end (e2e)', () => {
    const ok = run(npm, ['run', 'test', '-w', '@act/e2e']);
    addCounts(e2eJson);
    return ok;
  });
} else {
  console.log('\n=== end to end (e2e): skipped, e2e/package.json has no test script yet');
}

// The images and the compose system need a Docker engine: without one the stage says so, and CI refuses that skip
// (.ci/run installs docker.io and starts dockerd, so a CI machine always has one).
if (
  spawnSync(bin('tsx'), ['scripts/images.ts', '--engine'], { cwd: repoRoot, stdio: 'ignore' }).status !== 0
) {
  console.log('\n=== docker compose: skipped: no Docker engine');
  if (process.env.CI === 'true') finish(false, 'docker compose (CI needs a Docker engine)');
} else {
  fs.rmSync(composeJson, { force: true });
  // The suite runs only on images just built from this tree.
  stage('docker compose', () => {
    if (!run(npm, ['run', 'images', '--silent'])) return false;
    const ok = run(bin('vitest'), ['run', '--config', path.join('e2e', 'compose', 'vitest.config.ts')]);
    if (!addCounts(composeJson)) {
      console.error('test: the compose suite wrote no JSON report');
      return false;
    }
    return ok;
  });
}

finish(true);
