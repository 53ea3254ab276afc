import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../paths.js';

export interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}
export interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: RedoclyProblem[];
}

const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

/**
 * Lints an OpenAPI document with Redocly's CLI and the repository's `redocly.yaml`
 * (`extends: [recommended]`), as CI runs it. The CLI exits non-zero when it finds errors:
 * the report is read either way.
 */
export async function lintOpenApi(document: unknown): Promise<RedoclyReport> {
  const dir = mkdtempSync(join(tmpdir(), 'trailbuddy-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const args = [cli, 'lint', file, '--config', join(repoRoot, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000'];
    const stdout = await promisify(execFile)(process.execPath, args, {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
      .then((r) => r.stdout)
      .catch((err: { stdout?: string }) => {
        if (!err.stdout) throw err;
        return err.stdout;
      });
    return JSON.parse(stdout) as RedoclyReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** "warn operation-2xx-response at GET /api/x" for a readable failure message. */
export const describeProblem = (p: RedoclyProblem) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`;
