import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, codeForStatus, errorBody, type FieldErrors } from '../errors.js';

/** Seconds a client waits before asking again after a 503 (a backlog drains within this). */
const RETRY_AFTER_S = 1;

/** "/skills/hiking" → "skills.hiking"; a whole-object error names the part that failed. */
function fieldName(instancePath: string, missingProperty: unknown, context: string): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  return typeof missingProperty === 'string' ? missingProperty : context;
}

/**
 * One place turns every failure into `{ error: { code, message, fields? } }` (architecture §4):
 * AppErrors as they are, schema failures as a 400 naming each field, Fastify's own 4xx with
 * their message, and anything else as a 500 whose details are logged but never sent.
 */
async function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      // A refusal for the moment (ADR 0082): when to ask again, as HTTP says it.
      if (err.status === 503) void reply.header('retry-after', String(RETRY_AFTER_S));
      return reply.status(err.status).send({ error: { code: err.code, message: err.message, fields: err.fields, details: err.details } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldErrors = {};
      for (const issue of err.validation) {
        const name = fieldName(issue.instancePath, issue.params?.missingProperty, err.validationContext ?? 'body');
        fields[name] ??= issue.message ?? 'Invalid value.';
      }
      const [first] = Object.values(fields);
      return reply.status(400).send(errorBody('invalid-argument', first ?? 'Invalid request.', fields));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(codeForStatus(status), err.message));
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send(errorBody('internal'));
  });

  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send(errorBody('not-found', `No route for ${req.method} ${req.url.split('?')[0]}.`)),
  );
}

export const errorsPlugin = fp(errorHandling, { name: 'errors', fastify: '5.x' });
