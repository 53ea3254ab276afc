import { ACCOUNT_MESSAGES } from '@trailbuddy/shared/contracts/account';

/** A refusal the form shows under one of its fields rather than as the form's alert. */
export class FieldRefusal<F extends string> extends Error {
  constructor(
    readonly field: F,
    message: string,
  ) {
    super(message);
  }
}

/** The product's words for a field Better Auth's own validation refused. */
const FIELD_MESSAGES: Record<string, string> = {
  email: ACCOUNT_MESSAGES.emailInvalid,
  password: ACCOUNT_MESSAGES.passwordWeak,
  name: ACCOUNT_MESSAGES.nameMissing,
  confirmPassword: ACCOUNT_MESSAGES.passwordsDiffer,
};

/** Better Auth reports a schema failure as `VALIDATION_ERROR` with the text "[body.email] Invalid email address". */
const VALIDATED_FIELD = /^\[body\.(\w+)\]/;

/** The field a Better Auth error is about, if it names one we show: never its raw validator text. */
export function refusedField(error: { code?: string; message?: string }): string | null {
  if (error.code === 'INVALID_EMAIL') return 'email';
  if (error.code === 'PASSWORDS_DO_NOT_MATCH') return 'confirmPassword';
  if (error.code === 'PASSWORD_TOO_SHORT') return 'password';
  if (error.code !== 'VALIDATION_ERROR') return null;
  const field = VALIDATED_FIELD.exec(error.message ?? '')?.[1];
  return field && Object.hasOwn(FIELD_MESSAGES, field) ? field : null;
}

export const fieldMessage = (field: string) => FIELD_MESSAGES[field] ?? 'Something went wrong. Please try again.';
