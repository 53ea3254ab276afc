import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServerProcess, stopServerProcess, waitForHealth, type ServerProcess } from './server-process';

export interface SpecServer {
  baseUrl: string;
  server: ServerProcess;
  stop(): Promise<void>;
}

/**
 * A server of the spec's own (a spec opens pages on it with `useBrowser().page(viewport, baseUrl)`), with its own settings (as start.e2e.ts does), on a port chosen
 * first so that settings which name the server's URL (an IdP's redirect URI) can be built.
 */
export async function startSpecServer(
  env: (baseUrl: string) => Record<string, string> | Promise<Record<string, string>>,
): Promise<SpecServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trailbuddy-spec-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const started = await startServerProcess(dataDir, {
    AUTH_SENSITIVE_RATE_LIMIT_MAX: '1000',
    // As the shared server: every browser is one client at 127.0.0.1 (global-setup.ts).
    AUTH_RATE_LIMIT_MAX: '100000',
    IDENTITY_RATE_LIMIT_MAX: '100000',
    API_RATE_LIMIT_MAX: '100000',
    // As the shared server (global-setup.ts); a spec may turn the protection back on.
    IDENTITY_EMAIL_ENUMERATION_PROTECTION: 'false',
    ...(await env(baseUrl)),
    PORT: String(port),
    APP_URL: baseUrl,
  });
  const server: ServerProcess = { ...started, baseUrl };
  try {
    await waitForHealth(server);
  } catch (err) {
    server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseUrl,
    server,
    stop: async () => {
      await stopServerProcess(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
