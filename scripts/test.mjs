// `npm test`: typecheck, lint, unit, database and end-to-end tests, in two lanes that run side
// by side (ADR 0014). The browser specs take as long as the other four together and leave CPU
// idle while pages load, so they get a lane of their own; the rest run one after another in
// the other lane, since each already keeps a core busy. Each job's output is held back and
// printed whole when it ends, so two jobs never interleave; the run fails if any job fails,
// and every job runs to the end either way, so one run reports every failure.
//
//   node scripts/test.mjs                 every job, in the two lanes
//   node scripts/test.mjs unit db         only these, one after another (CI's Node 24 pass)
//   node scripts/test.mjs --label x …     a name for the summary
import { spawn } from 'node:child_process';

const JOBS = {
  typecheck: ['npm', ['run', '-s', 'typecheck']],
  lint: ['npm', ['run', '-s', 'lint']],
  unit: ['npx', ['vitest', 'run', '--project', 'unit']],
  db: ['npx', ['vitest', 'run', '--project', 'db']],
  e2e: ['node', ['scripts/e2e.mjs']],
};
const LANES = [['typecheck', 'lint', 'unit', 'db'], ['e2e']];

const args = process.argv.slice(2);
const labelAt = args.indexOf('--label');
const label = labelAt >= 0 ? args.splice(labelAt, 2)[1] : 'npm test';
const unknown = args.filter((name) => !Object.hasOwn(JOBS, name));
if (unknown.length) {
  console.error(`unknown test job(s): ${unknown.join(', ')}; known: ${Object.keys(JOBS).join(', ')}`);
  process.exit(2);
}
const lanes = args.length ? [args] : LANES;

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const startedAt = performance.now();
console.log(`${label}: Node ${process.version}; ${lanes.map((lane) => lane.join(' → ')).join('  ‖  ')}`);

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
      resolve({ name, ok, took });
    });
  });
}

async function runLane(lane) {
  const results = [];
  for (const name of lane) results.push(await run(name));
  return results;
}

const results = (await Promise.all(lanes.map(runLane))).flat();
console.log(`${label}: ${seconds(startedAt)} s in all`);
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name.padEnd(10)} ${r.took.padStart(7)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
