import type { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';
import type { Env } from './env.js';

type LogEnv = Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'> & Partial<Pick<Env, 'LOG_FORMAT'>>;

/** Readable lines in development unless LOG_FORMAT says otherwise; JSON everywhere else. */
const logFormat = (env: LogEnv) => env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json');

/**
 * The process logger. Development writes readable lines (pino-pretty, in this thread and
 * synchronously, so nothing is lost when the process exits); anything else writes one JSON object
 * a line for log collectors (`LOG_FORMAT` chooses either anywhere). `LOG_LEVEL` sets the level.
 */
export async function createLogger(env: LogEnv, destination: Writable = process.stdout): Promise<Logger> {
  if (logFormat(env) === 'json') return pino({ level: env.LOG_LEVEL }, destination);
  // Loaded only here: production never needs the pretty printer.
  const { default: pretty } = await import('pino-pretty');
  const colorize = destination === process.stdout && process.stdout.isTTY;
  return pino(
    { level: env.LOG_LEVEL },
    pretty({ destination, sync: true, colorize, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true }),
  );
}

/**
 * Development request logs: one short debug line per request ("GET /api/trails 200 4 ms")
 * instead of Fastify's two info lines with the whole request and reply, which drown everything
 * else while a person clicks through the app. LOG_LEVEL=debug shows them; failed requests are
 * still logged as errors at any level.
 */
export class DevelopmentRequestLogs extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.debug(line);
  }
}

/** Fastify's request logging for this format: its default (two info lines with responseTime) for JSON. */
export function requestLogController(env: LogEnv): LogController | undefined {
  return logFormat(env) === 'pretty' ? new DevelopmentRequestLogs() : undefined;
}
