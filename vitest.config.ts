import { defineConfig } from 'vitest/config';

// Two projects: `unit` needs nothing but Node (and jsdom for web components);
// `db` needs PostgreSQL, which the global setup provides (embedded, or DATABASE_URL).

// House rule (architecture §4): console.error during a test fails it unless the test expects it.
const failOnConsoleError = 'scripts/vitest/fail-on-console-error.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // jsdom renders and the in-process mail inbox are slow on a busy 2-core machine.
          testTimeout: 20_000,
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/server/src/**/*.unit.test.ts',
            'scripts/**/*.unit.test.ts',
          ],
          environment: 'node',
          setupFiles: [failOnConsoleError],
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: [failOnConsoleError],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Every file builds its own app on its own database, so the files share nothing but
          // the modules: imported once a worker instead of once a file (ADR 0060).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One real server (global-setup.ts), two files at a time, each file with its own
          // Chromium and its own members (ADR 0080): the specs mostly wait on pages, so one file
          // at a time left the machine idle while the e2e job was CI's critical path. What two
          // files could share (demo people, the trail list, the inbox) is in the ADR.
          fileParallelism: true,
          maxWorkers: 2,
          // `npm test` runs the browser specs beside the other suites (ADR 0014), so a page may
          // take longer than expect.poll's default second to settle on 2 busy cores.
          expect: { poll: { timeout: 10_000 } },
          // No retries, on CI or off (ADR 0059): a spec that fails once is a bug in the spec or the
          // app (gate.e2e.ts's was a tap before the session was known: ADR 0048). Specs that search
          // claim a trail and day of their own (e2e/support/slots.ts), so neither the order the
          // files run in (Vitest's cache puts failed ones first) nor which two run together
          // changes anything.
        },
      },
    ],
  },
});
