import { afterEach, beforeEach, vi } from 'vitest';

// House rule (architecture §4): console.error during a test fails it unless the test expects it
// (a test that expects one gives the spy its own implementation, `vi.spyOn(console, 'error')
// .mockImplementation(…)`, and asserts on the calls).
let spy: ReturnType<typeof vi.spyOn> | undefined;
let unexpected: string[] = [];
beforeEach(() => {
  unexpected = [];
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const message = `console.error during test: ${args.map(String).join(' ')}`;
    // Thrown for the stack trace, and remembered in case the caller swallows what it throws
    // (React, event handlers and promise chains do).
    unexpected.push(message);
    throw new Error(message);
  });
});
afterEach(() => {
  spy?.mockRestore();
  if (unexpected.length > 0) throw new Error(unexpected.join('\n'));
});

// node-postgres warns, once a process, when a query is sent on a client that is still running
// one: two queries at once on a transaction's connection, a bug pg 9 turns into an error.
// Without isolation (the db project, ADR 0060) this file runs again for every test file in the
// same process: one listener a process, reporting to the list of the file running now.
const current = globalThis as { reportOverlappingQuery?: (message: string) => void };
if (!current.reportOverlappingQuery) {
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query'))
      current.reportOverlappingQuery?.(`overlapping queries on one database client: ${warning.stack ?? warning.message}`);
  });
}
current.reportOverlappingQuery = (message) => unexpected.push(message);
