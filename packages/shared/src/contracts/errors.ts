import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes';

/** The body of every API error: a stable code, a message for people, the fields at fault. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** What a client needs to recover, for example the credential of an identity merge conflict. */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
