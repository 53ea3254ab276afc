import type { z } from 'zod';

/** Field path → message, the shape of the API error's `fields` ("skills.hiking" for nested ones). */
export type FieldErrorMap = Record<string, string>;

/**
 * A schema's issues in the API error's `fields` shape: the first message for each field, named by
 * its dotted path, so a form shows a failure found in the browser exactly as one the server found.
 */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrorMap {
  const fields: FieldErrorMap = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.') || 'form';
    fields[name] ??= issue.message;
  }
  return fields;
}

/** Parses with a shared schema: the typed data, or the field errors the form shows. */
export function checkWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; fields: FieldErrorMap } {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, fields: fieldErrorsFromIssues(result.error.issues) };
}
