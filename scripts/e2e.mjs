// `npm run test:e2e`: Chromium present, the app built, then the Playwright specs in e2e/.
import { spawnSync } from 'node:child_process';
import { buildStale } from './build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

ensureChromium();
await buildStale();
const r = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
