import { afterEach, beforeEach, vi } from 'vitest';

// House rule (ARCHITECTURE §4): console.error during a test fails it unless the test expects it
// (a test that expects one replaces the spy with its own `vi.spyOn(console, 'error')`).
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  spy?.mockRestore();
});
