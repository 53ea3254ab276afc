// The e2e tests drive Debian's Chromium through playwright-core (no browser download).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0) {
    console.error(`\n  Chromium is missing. Install it with:\n\n    sudo apt-get update && sudo apt-get install -y chromium\n`);
    process.exit(1);
  }
  console.log('  installing Debian chromium for the e2e tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`\n  apt-get ${args.join(' ')} failed; install Chromium with: apt-get install -y chromium\n`);
      process.exit(1);
    }
  }
  return CHROMIUM;
}
