import { z } from 'zod';
import { measuredAbilitySchema } from './ability';
import { PASSWORD_MIN } from './enums';
import { IDENTITY_ERROR_MESSAGES } from './identity';
import { matchCancellationSchema } from './match';
import { ownProfileSchema } from './profile';

/**
 * The app's own sign-in, sign-up and forgot-password forms (product §2 "Login, sign-up and
 * forgot-password", §5). The requests go to Better Auth, which checks the same things with the
 * same zod e-mail rule; these schemas give each field the product's message (the widget's texts
 * of product §5 and §8), so the forms never show a validator's raw text.
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

/*
 * "Your account, your data" (issue 14, ADR 0034): the settings at /me/account.
 */

/** The word a person may type, instead of their e-mail, to confirm that their account goes. */
export const DELETE_ACCOUNT_WORD = 'DELETE';

/** Who stands in for a deleted account in what stays for the others (a past hike, its feedback). */
export const FORMER_MEMBER = { id: 'former-member', name: 'Former member' } as const;

/**
 * How what the others see names a deleted account in a sentence about it ("Your buddy cancelled
 * the hike."): its placeholder's name cut to a first name would read "Former" (issue 23).
 */
export const FORMER_MEMBER_IN_A_SENTENCE = 'Your buddy';

/** The cancel note the partners of a deleted account read: neutral, it says nothing about the person. */
export const ACCOUNT_CLOSED_NOTE = 'Your buddy is no longer on TrailBuddy.';

/** The page a person sees once their account is deleted (issue 23). */
export const ACCOUNT_DELETED_PAGE = {
  title: 'Your account has been deleted',
  body: 'Your profile, photos, messages and contact details are erased, and you are signed out everywhere. Your buddies were told that your planned hikes are off.',
} as const;

export const ACCOUNT_SETTINGS_MESSAGES = {
  confirmationMissing: `Type your email address or ${DELETE_ACCOUNT_WORD} to confirm`,
  confirmationWrong: `That is neither your email address nor ${DELETE_ACCOUNT_WORD}`,
  newPasswordMissing: 'Enter a new password',
} as const;

/**
 * Delete my account: the typed confirmation (the account's e-mail or DELETE) and, for an account
 * with a password, the password; an account without one needs a recent sign-in instead.
 */
export const deleteAccountSchema = z.object({
  confirmation: z
    .string({ error: ACCOUNT_SETTINGS_MESSAGES.confirmationMissing })
    .trim()
    .min(1, ACCOUNT_SETTINGS_MESSAGES.confirmationMissing)
    .max(EMAIL_MAX, ACCOUNT_SETTINGS_MESSAGES.confirmationWrong),
  password: z.string().min(1, ACCOUNT_MESSAGES.passwordMissing).max(1024).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Whether the typed confirmation names this account (its e-mail, any case) or is the word. */
export const confirmsDeletion = (typed: string, email: string) =>
  typed.trim() === DELETE_ACCOUNT_WORD || typed.trim().toLowerCase() === email.trim().toLowerCase();

/** Change password: Better Auth's `POST /api/auth/change-password` body, with the product's messages. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: ACCOUNT_MESSAGES.passwordMissing }).min(1, ACCOUNT_MESSAGES.passwordMissing),
  newPassword: z
    .string({ error: ACCOUNT_SETTINGS_MESSAGES.newPasswordMissing })
    .min(1, ACCOUNT_SETTINGS_MESSAGES.newPasswordMissing)
    .min(PASSWORD_MIN, ACCOUNT_MESSAGES.passwordWeak),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Change e-mail: the new address (and the password, when the sign-in is not recent). */
export const changeEmailFormSchema = z.object({
  newEmail: emailField(ACCOUNT_MESSAGES.emailMissing),
  password: z.string().optional(),
});
export type ChangeEmailFormInput = z.infer<typeof changeEmailFormSchema>;

/** A partner in the archive: the first name only, never their contact or profile. */
const exportPartnerSchema = z.object({ firstName: z.string() }).nullable();

/** GET /api/account/export: one JSON document of what TrailBuddy holds about the person. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    phoneNumber: z.string().nullable(),
    createdAt: z.string(),
  }),
  profile: ownProfileSchema,
  matches: z.array(
    z.object({
      id: z.string(),
      trail: z.string().nullable(),
      status: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      role: z.enum(['creator', 'partner']),
      partner: exportPartnerSchema,
      cancellation: matchCancellationSchema.nullable(),
    }),
  ),
  messages: z.array(z.object({ matchId: z.string(), from: z.enum(['me', 'partner']), body: z.string(), sentAt: z.string() })),
  feedbackGiven: z.array(
    z.object({
      matchId: z.string(),
      attended: z.boolean().nullable(),
      rating: z.number().nullable(),
      comment: z.string().nullable(),
      wouldHikeAgain: z.boolean().nullable(),
      skipped: z.boolean(),
      submittedAt: z.string(),
    }),
  ),
  notifications: z.array(
    z.object({ kind: z.string(), title: z.string(), body: z.string(), createdAt: z.string(), readAt: z.string().nullable() }),
  ),
  preferences: z.object({ notifications: z.unknown() }),
  favouriteTrails: z.array(z.string()),
  /** Measured ability (ADR 0056): the summary, and the services connected (never their tokens). */
  measuredAbility: z.array(measuredAbilitySchema),
  activityConnections: z.array(z.object({ provider: z.string(), connectedAt: z.string(), lastImportAt: z.string().nullable() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** What the partner reads in place of a message whose author deleted their account. */
export const ERASED_MESSAGE_BODY = 'This message was deleted with its author’s account.';
