import { strings } from '../strings';

/**
 * An address spec as FirebaseUI checks it (Closure's `isValidAddrSpec`): a local part of the
 * usual characters, then dot-separated labels ending in a 2–63 character suffix (product §5).
 */
const EMAIL_PATTERN = /^[+a-zA-Z0-9_.!#$%&'*/=?^`{|}~-]+@([a-zA-Z0-9-]+\.)+[a-zA-Z0-9]{2,63}$/;

/** The inline error of an e-mail field, or null (the value is trimmed first). */
export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return strings.missingEmail;
  return EMAIL_PATTERN.test(email) ? null : strings.invalidEmail;
}

/** Password fields only need a value; strength is the server's rule (checklist §4). */
export function validatePassword(value: string): string | null {
  return value ? null : strings.missingPassword;
}

/** The name must not be blank. */
export function validateName(value: string): string | null {
  return value.trim() ? null : strings.missingName;
}
