import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  ACTIVITY_FALLBACK_FIELD,
  ACTIVITY_FILE_MAX_MB,
  ACTIVITY_FILES_FIELD,
  ACTIVITY_IMPORT_MAX_FILES,
} from '@trailbuddy/shared/contracts/ability-import';
import { ACTIVITIES, type Activity } from '@trailbuddy/shared/contracts/enums';
import { readActivityFile, type ReadActivityFile } from '../../ability/import-files.js';
import { AppError, badRequest, invalidField, payloadTooLarge } from '../../errors.js';

export const ACTIVITY_FILE_MAX_BYTES = ACTIVITY_FILE_MAX_MB * 1024 * 1024;

/**
 * Reads an import form: every file in the `files` field, each read and dropped in turn (only
 * samples without positions stay), and the optional `activity` for files that do not name
 * theirs. A file over the size limit is rejected by name and the others still count; more files
 * than the limit, or a form that is not multipart, is a 400/413 before anything is kept.
 */
export async function readImportForm(req: FastifyRequest): Promise<{ files: ReadActivityFile[]; fallback: Activity | null }> {
  if (!req.isMultipart()) throw invalidField(ACTIVITY_FILES_FIELD, 'Send the files as multipart/form-data.');
  const files: ReadActivityFile[] = [];
  let fallback: Activity | null = null;
  try {
    // An oversized file is cut short and flagged (truncated) rather than failing the whole form.
    // parts() reads throwFileSizeLimit as file() does, though its type leaves it out.
    const options: FastifyMultipartBaseOptions = {
      limits: { fileSize: ACTIVITY_FILE_MAX_BYTES, files: ACTIVITY_IMPORT_MAX_FILES },
      throwFileSizeLimit: false,
    };
    const parts = req.parts(options);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== ACTIVITY_FALLBACK_FIELD) continue;
        const value = String(part.value);
        if (!(ACTIVITIES as readonly string[]).includes(value))
          throw invalidField(ACTIVITY_FALLBACK_FIELD, 'Choose hiking, running or biking.');
        fallback = value as Activity;
        continue;
      }
      if (part.fieldname !== ACTIVITY_FILES_FIELD) {
        part.file.resume();
        throw invalidField(ACTIVITY_FILES_FIELD, `Send the files in the "${ACTIVITY_FILES_FIELD}" field.`);
      }
      const name = part.filename || `file ${files.length + 1}`;
      const buffer = await part.toBuffer();
      if (part.file.truncated) files.push({ name, rejected: `The file is larger than ${ACTIVITY_FILE_MAX_MB} MB.` });
      else if (buffer.length === 0) files.push({ name, rejected: 'The file is empty.' });
      else files.push(await readActivityFile(name, buffer));
    }
  } catch (err) {
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_FILES_LIMIT') {
      throw payloadTooLarge(ACTIVITY_FILES_FIELD, `At most ${ACTIVITY_IMPORT_MAX_FILES} files at once: send the others in another import.`);
    }
    if (err instanceof AppError || (e.statusCode !== undefined && e.statusCode < 500)) throw err;
    throw invalidField(ACTIVITY_FILES_FIELD, 'The upload is not a readable multipart form.');
  }
  if (files.length === 0) throw badRequest('No file selected.', { [ACTIVITY_FILES_FIELD]: 'No file selected.' });
  return { files, fallback };
}
