import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge } from '../errors.js';

/**
 * A form the multipart parser cannot read (cut short, a broken boundary) is the client's: a 400,
 * where the parser's own error would have been a 500. Its 4xx errors (limits) pass as they are.
 */
const unreadableForm =
  (field: string) =>
  (err: { statusCode?: number }): never => {
    if (err instanceof AppError || (err.statusCode !== undefined && err.statusCode < 500)) throw err;
    throw badRequest('The upload is not a readable multipart form.', { [field]: 'No file selected.' });
  };

/**
 * Declares upload routes in a scope of their own that parses multipart bodies. @fastify/multipart
 * hooks every request of the scope it is registered in; registered for the whole app, every
 * request paid for it, GET /api/trails included (ADR 0015).
 */
export function uploadRoutes(app: FastifyInstance, maxBytes: number, routes: (scope: FastifyInstance) => void, maxFiles = 1) {
  return app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: maxFiles, fields: 10 } });
    routes(scope);
  });
}

/**
 * Reads the one file of a multipart request into memory, capped at `maxBytes`: the cap is
 * enforced while streaming, so an oversized upload is refused without being held whole.
 */
export async function readUploadedFile(req: FastifyRequest, field: string, maxBytes: number) {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data.', { [field]: 'No file selected.' });
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(unreadableForm(field));
  if (!part) throw badRequest('No file selected.', { [field]: 'No file selected.' });
  if (part.fieldname !== field) throw badRequest(`Send the file in the "${field}" field.`, { [field]: 'No file selected.' });
  const buffer = await part.toBuffer().catch((err: { code?: string; statusCode?: number }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge(field, `The file is too large. The maximum size is ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    }
    return unreadableForm(field)(err);
  });
  if (buffer.length === 0) throw badRequest('The file is empty.', { [field]: 'The file is empty.' });
  return { buffer, filename: part.filename, fields: part.fields };
}
