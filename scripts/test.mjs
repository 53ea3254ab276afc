// `npm test`: typecheck, lint, unit, database and end-to-end tests, two at a time (ADR 0014).
// On 2 cores each suite keeps about one core busy (Vitest runs one file at a time there; the
// browser specs run two files at a time, ADR 0080, but mostly wait on pages), so two side by
// side use the machine. Jobs are taken longest first by whichever of the two slots is free: the
// browser specs and the database suite start together, the unit suite's halves and the short
// checks fill in after. Each job's output is held back and printed whole when it ends, so two
// jobs never interleave; every job runs to the end, so one run reports every failure, and the
// run fails if any job failed.
//
//   node scripts/test.mjs                 every job, two at a time
//   node scripts/test.mjs --except db     every job but these, two at a time: CI, whose Node 24
//                                         pass runs the database suite (ADR 0060); the summary
//                                         names what was left to it
//   node scripts/test.mjs db unit-node    only these, one after another (CI's Node 24 pass)
//   node scripts/test.mjs --label x …     a name for the summary
//
// A failed job's failures are printed once more under the summary, and written to
// $TEST_RECAP_FILE when it is set: CI prints that last, where a log cut to its tail still shows it.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

// Longest first, so the two slots end close together. The clean-clone run of 2026-11-26 (ADR
// 0051, 879 s in all) took e2e 583 s, db 480 s, unit 341 s, typecheck and lint 129 s together:
// with `unit` whole, one slot ran unit then db (821 s) while the other ran e2e, typecheck and
// lint (712 s). The unit suite in two halves (Vitest's --shard, by file) evens them out: e2e then
// one half, db then the other half and the short checks, about 760 s each (ADR 0059). The
// database suite is not split: each part would pay its own PostgreSQL start and template. In CI
// (`--except db`, ADR 0060) the database suite runs in the Node 24 pass instead, and the two
// slots here take e2e and the unit halves with the short checks. With the browser specs two
// files at a time (ADR 0080) e2e is still the longest: the clean-clone run of 2026-11-29 took
// e2e 524 s, then lint; unit-1, unit-2 and typecheck 526 s in the other slot (555 s in all,
// before the Node 24 pass's 573 s), the best split of the five.
const vitestUnit = (...extra) => ['npx', ['vitest', 'run', '--project', 'unit', ...extra]];
const JOBS = {
  e2e: ['node', ['scripts/e2e.mjs']],
  db: ['npx', ['vitest', 'run', '--project', 'db']],
  'unit-1': vitestUnit('--shard=1/2'),
  'unit-2': vitestUnit('--shard=2/2'),
  typecheck: ['npm', ['run', '-s', 'typecheck']],
  lint: ['npm', ['run', '-s', 'lint']],
  unit: vitestUnit(),
  // The unit tests of what runs on Node (the server, the shared package, the scripts), not of what
  // runs in the browser (the web app, the widget): for a second Node version (ADR 0051).
  'unit-node': vitestUnit('apps/server/', 'packages/shared/', 'scripts/'),
};
/** What `npm test` runs: every job but `unit` (its two halves run instead) and `unit-node`. */
const DEFAULT_JOBS = ['e2e', 'db', 'unit-1', 'unit-2', 'typecheck', 'lint'];
const SLOTS = 2;

const args = process.argv.slice(2);
/** Takes `--name value` out of the arguments; the value, or undefined when absent. */
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const label = option('--label') ?? 'npm test';
const except = (option('--except') ?? '').split(',').filter(Boolean);
const unknown = [...args, ...except].filter((name) => !Object.hasOwn(JOBS, name));
if (unknown.length) {
  console.error(`unknown test job(s): ${unknown.join(', ')}; known: ${Object.keys(JOBS).join(', ')}`);
  process.exit(2);
}
if (args.length && except.length) {
  console.error('--except leaves jobs out of the default set: name jobs or leave some out, not both');
  process.exit(2);
}
const queue = args.length ? [...args] : DEFAULT_JOBS.filter((name) => !except.includes(name));
const slots = args.length ? 1 : SLOTS;

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const startedAt = performance.now();
console.log(`${label}: Node ${process.version}; ${queue.join(', ')}, ${slots} at a time`);
if (except.length) console.log(`${label}: not run here (--except): ${except.join(', ')}`);

// Stopped from outside (Ctrl-C, CI's clean-up): stop the running jobs too, not leave them behind.
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });
}

/** Runs one job with its output captured; resolves with how it went. */
function run(name) {
  const [command, commandArgs] = JOBS[name];
  const since = performance.now();
  console.log(`▶ ${name}`);
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.stack ?? err}\n`)));
    child.on('close', (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      const took = seconds(since);
      const rule = '─'.repeat(Math.max(4, 72 - name.length));
      process.stdout.write(`\n┌─ ${name} ${rule}\n${Buffer.concat(chunks).toString()}`);
      console.log(`└─ ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${took} s\n`);
      resolve({ name, ok, took, output: ok ? '' : Buffer.concat(chunks).toString() });
    });
  });
}

const results = [];
async function slot() {
  for (let name = queue.shift(); name; name = queue.shift()) results.push(await run(name));
}
await Promise.all(Array.from({ length: slots }, slot));
console.log(`${label}: ${seconds(startedAt)} s in all`);
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name.padEnd(10)} ${r.took.padStart(7)} s`);
for (const name of except) console.log(`  ${'—'.padEnd(6)} ${name.padEnd(10)} not run (--except)`);

const RECAP_LINES = 40;
// eslint-disable-next-line no-control-regex -- the test runners colour their output
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');
/** The part of a failed job's output that names what failed: Vitest's "Failed Suites" and "Failed Tests" sections (or the tail). */
function failureRecap({ name, output }) {
  const lines = plain(output).split('\n');
  const from = lines.findIndex((line) => /Failed (Suites|Tests?) \d+/.test(line));
  const picked = from >= 0 ? lines.slice(from) : lines.slice(-RECAP_LINES);
  const names = picked.filter((line) => /^\s*FAIL\s/.test(line));
  const body = picked.filter((line) => line.trim()).slice(0, RECAP_LINES);
  return [`── ${label} · ${name} failed: ${names.length || 'see'} test(s)`, ...names, '', ...body, ''].join('\n');
}
const recap = results
  .filter((r) => !r.ok)
  .map(failureRecap)
  .join('\n');
if (recap) {
  console.log(`\n${recap}`);
  if (process.env.TEST_RECAP_FILE) appendFileSync(process.env.TEST_RECAP_FILE, `${recap}\n`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
