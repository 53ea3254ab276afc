import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Env } from './env.js';
import { createLogger, requestLogController } from './logging.js';

/** A Fastify app on the real logger setup, answering GET /ping; returns what it logged. */
async function logsOf(env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'> & Partial<Pick<Env, 'LOG_FORMAT'>>) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const log = await createLogger(env, out);
  const controller = requestLogController(env);
  const app = Fastify({ loggerInstance: log, ...(controller && { logController: controller }) });
  app.get('/ping', async () => ({ ok: true }));
  log.info('server ready');
  expect((await app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);
  await app.close();
  return text.trim().split('\n');
}

describe('logging', () => {
  it('writes JSON lines in production, requests included at info', async () => {
    const lines = await logsOf({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(entries.map((e) => e.msg)).toEqual(expect.arrayContaining(['server ready', 'incoming request', 'request completed']));
  });

  it('writes readable lines in development, without request logs at the default level', async () => {
    const lines = await logsOf({ NODE_ENV: 'development', LOG_LEVEL: 'info' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: server ready$/);
  });

  it('shows one short line per request in development at LOG_LEVEL=debug', async () => {
    const lines = await logsOf({ NODE_ENV: 'development', LOG_LEVEL: 'debug' });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] DEBUG: GET \/ping 200 \d+ ms$/);
    expect(() => JSON.parse(lines[1]!)).toThrow();
  });

  it('writes JSON with the request lines in development when LOG_FORMAT=json (the benches read them)', async () => {
    const lines = await logsOf({ NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    const completed = lines
      .map((line) => JSON.parse(line) as { msg: string; responseTime?: number })
      .find((e) => e.msg === 'request completed');
    expect(completed?.responseTime).toEqual(expect.any(Number));
  });

  it('writes readable lines in production when LOG_FORMAT=pretty', async () => {
    const lines = await logsOf({ NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    expect(lines).toEqual([expect.stringMatching(/INFO: server ready$/)]);
  });

  it('honours LOG_LEVEL in production too', async () => {
    const lines = await logsOf({ NODE_ENV: 'production', LOG_LEVEL: 'warn' });
    expect(lines).toEqual(['']);
  });
});
