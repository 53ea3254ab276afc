import { z } from 'zod';
import { PASSWORD_MIN } from './enums';
import { IDENTITY_ERROR_MESSAGES } from './identity';

/**
 * The app's own sign-in, sign-up and forgot-password forms (SPEC §2 "Login, sign-up and
 * forgot-password", §5). The requests go to Better Auth, which checks the same things with the
 * same zod e-mail rule; these schemas give each field the product's message (the widget's texts
 * of SPEC §5 and §8), so the forms never show a validator's raw text.
 */
export const ACCOUNT_MESSAGES = {
  emailMissing: 'Enter your email address to continue',
  emailInvalid: "That email address isn't correct",
  passwordMissing: 'Enter your password',
  nameMissing: 'Enter your account name',
  passwordWeak: IDENTITY_ERROR_MESSAGES['weak-password'],
  passwordsDiffer: 'Passwords do not match',
  resetEmailMissing: 'Please enter your email address',
} as const;

const EMAIL_MAX = 320;

/** Trimmed, present, then a real address (zod's e-mail rule, the one Better Auth applies). */
const emailField = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }).max(EMAIL_MAX, ACCOUNT_MESSAGES.emailInvalid));

export const signInSchema = z.object({
  email: emailField(ACCOUNT_MESSAGES.emailMissing),
  password: z.string({ error: ACCOUNT_MESSAGES.passwordMissing }).min(1, ACCOUNT_MESSAGES.passwordMissing),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** What `POST /api/auth/sign-up/email` takes from the modal (Better Auth's body plus our confirmation). */
export const signUpSchema = z.object({
  name: z.string({ error: ACCOUNT_MESSAGES.nameMissing }).trim().min(1, ACCOUNT_MESSAGES.nameMissing),
  email: emailField(ACCOUNT_MESSAGES.emailMissing),
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordMissing })
    .min(1, ACCOUNT_MESSAGES.passwordMissing)
    .min(PASSWORD_MIN, ACCOUNT_MESSAGES.passwordWeak),
  /** Checked by the server too (the auth bridge refuses a mismatch before Better Auth sees it). */
  confirmPassword: z.string(),
});

/** The sign-up form: the request, plus "the two passwords are the same" under the confirmation field. */
export const signUpFormSchema = signUpSchema.refine((values) => values.password === values.confirmPassword, {
  path: ['confirmPassword'],
  message: ACCOUNT_MESSAGES.passwordsDiffer,
});
export type SignUpInput = z.infer<typeof signUpFormSchema>;

export const passwordResetRequestSchema = z.object({ email: emailField(ACCOUNT_MESSAGES.resetEmailMissing) });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;
