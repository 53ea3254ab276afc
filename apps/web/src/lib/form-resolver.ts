import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** What a form's check answers: the request body it builds, or each field's message. */
export type FormCheck<Body> = { ok: true; body: Body } | { ok: false; errors: Readonly<Partial<Record<string, string>>> };

/**
 * react-hook-form's resolver from a form's check with the shared schema (ADR 0016, 0072): the
 * form holds what is typed, the check turns it into the request body the server validates with
 * the same schema, or names each field's problem in the schema's words, shown under the field.
 */
export function resolverOf<Values extends FieldValues, Body>(check: (values: Values) => FormCheck<Body>): Resolver<Values, unknown, Body> {
  return (values) => {
    const checked = check(values);
    if (checked.ok) return { values: checked.body, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(checked.errors)) if (message) errors[name] = { type: 'validate', message };
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
