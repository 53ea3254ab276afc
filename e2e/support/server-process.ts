import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** The embedded PostgreSQL's application database, for specs that must move time in the data. */
  databaseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs the built server (`apps/server/dist/main.js`) as `npm start` does, on free ports; an `extraEnv` value of undefined unsets the variable. */
export async function startServerProcess(dataDir: string, extraEnv: Record<string, string | undefined> = {}): Promise<ServerProcess> {
  const [port, pgPort, smtpPort, webPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const baseUrl = `http://localhost:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    DEV_INBOX_SMTP_PORT: String(smtpPort),
    DEV_INBOX_WEB_PORT: String(webPort),
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const databaseUrl = `postgres://trailbuddy:trailbuddy@127.0.0.1:${pgPort}/trailbuddy`;
  return { child, baseUrl, databaseUrl, output: () => output, exited };
}

export async function waitForHealth(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with code ${server.child.exitCode}\n${server.output()}`);
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms\n${server.output()}`);
}

/** SIGTERM, as Ctrl-C or a process manager would send; SIGKILL only if it hangs. */
export async function stopServerProcess(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  const code = await server.exited;
  clearTimeout(killer);
  return code;
}
