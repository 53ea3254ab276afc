// JS loaded by the signed-out home page, against architecture §7's budget (≤ 100 KB gzip), and
// by a trail's page beside it. Loads each page of the built server in a fresh Chromium context,
// waits for the network to go idle (and for the idle-time chunks the app loads after its first
// render), then lists every script response, the page's and any service worker's, with the bytes it took on the wire in the encoding
// the server chose, its size gzipped at level 9 (what the budget counts), and its size uncompressed.
import { buildStale } from '../scripts/build.mjs';
import { AFTER_IDLE_MS, homeScripts } from './support/home-scripts.mjs';
import { createCleanup, startServer, tempDir, waitForHealth } from './support/server.mjs';

const BUDGET_BYTES = 100 * 1024;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function report(title, { rows, idleAt, workers }, budgeted) {
  const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
  const width = Math.max(4, ...rows.map((r) => r.file.length));
  const col = (s, n) => String(s).padStart(n);
  console.log(
    `${title} (${budgeted ? 'budget ≤ 100 KB gzip, architecture §7' : 'no budget of its own; the home’s is 100 KB gzip'}; 1 KB = 1024 B)`,
  );
  console.log(
    `  network idle after ${idleAt.toFixed(0)} ms, then ${AFTER_IDLE_MS} ms more for idle-time chunks; ${rows.length} scripts; ` +
      `service workers started: ${workers}`,
  );
  console.log(`  ${'file'.padEnd(width)}  ${col('served', 16)}  ${col('gzip -9', 9)}  ${col('raw', 9)}  when`);
  for (const r of rows) {
    const served = `${kb(r.served)} ${r.encoding === 'identity' ? 'plain' : r.encoding}`;
    console.log(
      `  ${r.file.padEnd(width)}  ${col(served, 16)}  ${col(kb(r.gzip), 9)}  ${col(kb(r.raw), 9)}  ${r.when}${r.status === 200 ? '' : ` (HTTP ${r.status})`}`,
    );
  }
  const gzip = total('gzip');
  const initialGzip = rows.filter((r) => r.when === 'initial').reduce((sum, r) => sum + r.gzip, 0);
  console.log(
    `  ${'total'.padEnd(width)}  ${col(kb(total('served')), 16)}  ${col(kb(gzip), 9)}  ${col(kb(total('raw')), 9)}  ` +
      `(headers ${kb(total('headers'))} more on the wire)`,
  );
  console.log(
    `  gzip total ${kb(gzip)}` +
      (budgeted
        ? ` of ${kb(BUDGET_BYTES)}: ${gzip <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'} (${((gzip / BUDGET_BYTES) * 100).toFixed(0)}%;`
        : ' (') +
      ` before the load event: ${kb(initialGzip)})`,
  );
}

const cleanup = createCleanup({ timeLimitMs: 300_000 });
try {
  await buildStale();
  const server = await startServer(cleanup, { dataDir: tempDir(cleanup, 'trailbuddy-bench-web-') });
  await waitForHealth(server);
  const page = await fetch(`${server.baseUrl}/api/trails`).then((r) => r.json());
  const { trails } = page;
  if (!trails?.[0]) throw new Error(`the demo seed listed no trail: ${JSON.stringify(page).slice(0, 300)}`);

  const home = await homeScripts(cleanup, server.baseUrl);
  const trail = await homeScripts(cleanup, server.baseUrl, `/trails/${trails[0].id}`);
  report('JS loaded by the signed-out home page', home, true);
  report(`JS loaded by a trail's page, signed out (/trails/${trails[0].id})`, trail, false);
} finally {
  await cleanup.run();
}
