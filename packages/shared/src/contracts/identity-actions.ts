import { z } from 'zod';

/**
 * The account-action part of the identity API (checklist §1.7, §5.12): out-of-band codes from
 * mailed links (`/auth?mode=…&oobCode=…`), change of e-mail and second factors. Shared by the
 * server's routes and the sign-in widget.
 */

/** The widget's `mode` values for action links, and the operation each code performs. */
export const ACTION_MODES = ['resetPassword', 'verifyEmail', 'verifyAndChangeEmail', 'recoverEmail', 'revertSecondFactorAddition'] as const;
export type ActionMode = (typeof ACTION_MODES)[number];

export const ACTION_OPERATIONS = [
  'PASSWORD_RESET',
  'VERIFY_EMAIL',
  'VERIFY_AND_CHANGE_EMAIL',
  'RECOVER_EMAIL',
  'REVERT_SECOND_FACTOR_ADDITION',
] as const;
export type ActionOperation = (typeof ACTION_OPERATIONS)[number];

export const OPERATION_OF_MODE: Record<ActionMode, ActionOperation> = {
  resetPassword: 'PASSWORD_RESET',
  verifyEmail: 'VERIFY_EMAIL',
  verifyAndChangeEmail: 'VERIFY_AND_CHANGE_EMAIL',
  recoverEmail: 'RECOVER_EMAIL',
  revertSecondFactorAddition: 'REVERT_SECOND_FACTOR_ADDITION',
};

export const SECOND_FACTOR_IDS = ['totp', 'phone'] as const;
export type SecondFactorId = (typeof SECOND_FACTOR_IDS)[number];

/** A code as it arrives from a link: the server tells malformed from unknown, never the client. */
const oobCode = z.string().trim().min(1, 'oobCode is required.').max(2048, 'oobCode is too long.');

export const checkActionCodeBodySchema = z.object({
  oobCode,
  /** The link's `mode`: when given, a code of another operation is refused as invalid. */
  mode: z.enum(ACTION_MODES).optional(),
});
export const applyActionCodeBodySchema = z.object({ oobCode });
export const resetPasswordBodySchema = z.object({ oobCode, newPassword: z.string() });

/** What the widget shows about a factor (Firebase's MultiFactorInfo). */
export const multiFactorInfoSchema = z.object({
  factorId: z.enum(SECOND_FACTOR_IDS),
  phoneNumber: z.string().optional(),
  displayName: z.string().optional(),
});
export type MultiFactorInfo = z.infer<typeof multiFactorInfoSchema>;

/**
 * The answer to check and apply (Firebase's ActionCodeInfo): the operation and the account's
 * e-mail. For a change, `email` is the new address and `previousEmail` the old one; for a
 * recovery, `email` is the restored address (the widget offers a password reset for it).
 */
export const actionCodeInfoSchema = z.object({
  operation: z.enum(ACTION_OPERATIONS),
  email: z.string(),
  previousEmail: z.string().optional(),
  multiFactorInfo: multiFactorInfoSchema.optional(),
});
export type ActionCodeInfo = z.infer<typeof actionCodeInfoSchema>;

export const changeEmailBodySchema = z.object({
  newEmail: z.email("That email address isn't correct"),
  /** The current password: proves a sign-in that is not recent (else `requires-recent-login`). */
  password: z.string().optional(),
});
export const changeEmailResponseSchema = z.object({ newEmail: z.string(), sent: z.literal(true) });

/** An enrolled second factor, as the account lists them. */
export const secondFactorSchema = z.object({
  uid: z.string(),
  factorId: z.enum(SECOND_FACTOR_IDS),
  displayName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  enrollmentTime: z.string(),
});
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/**
 * A sign-in whose first factor passed, for an account with second factors, answers
 * `multi-factor-auth-required` with these details: the pending credential (a few minutes) and the
 * factors to choose from. The widget's multi-factor pages finish the sign-in with them.
 */
export const multiFactorRequiredDetailsSchema = z.object({
  mfaPendingCredential: z.string(),
  factors: z.array(secondFactorSchema),
});
export type MultiFactorRequiredDetails = z.infer<typeof multiFactorRequiredDetailsSchema>;
