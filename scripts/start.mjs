// `npm start`: build what is stale, then run the server in this process, so Ctrl-C and
// SIGTERM reach its shutdown handler directly (which stops embedded PostgreSQL cleanly).
import { buildStale } from './build.mjs';

await buildStale();
await import('../apps/server/dist/main.js');
