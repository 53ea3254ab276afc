import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { invalidField } from '../errors.js';
import type { EmailIdentitySettings } from './email-settings.js';
import { identityError } from './errors.js';
import { revokeSessions } from './session.js';
import { contactEmailOf } from './users.js';

/**
 * Admin-restricted sign-up (FirebaseUI `disableSignUp`): nobody creates an account by password
 * sign-up or e-mail link. Upgrading a guest also creates a full account, so it is refused too.
 */
export function assertSignUpAllowed(settings: EmailIdentitySettings): void {
  if (settings.signUpDisabled) throw identityError('admin-restricted-operation');
}

export const DISPLAY_NAME_REQUIRED = 'Enter your account name';

/** Per-provider `requireDisplayName`: the sign-up must carry a non-blank name. Returns the trimmed name. */
export function checkDisplayName(settings: EmailIdentitySettings, providerId: string, displayName: string | undefined): string | undefined {
  const name = displayName?.trim() || undefined;
  if (!name && settings.requireDisplayName.includes(providerId)) throw invalidField('displayName', DISPLAY_NAME_REQUIRED);
  return name;
}

/** What the widget needs to know before it talks to the server (no secret in here). */
export function publicIdentityConfig(settings: EmailIdentitySettings) {
  return {
    signUpDisabled: settings.signUpDisabled,
    adminEmail: settings.adminContactEmail,
    helpLink: settings.helpUrl,
    requireDisplayName: settings.requireDisplayName,
    enumerationProtection: settings.enumerationProtection,
  };
}

/**
 * An administrator disables (or enables again) an account. Disabling ends every session at once;
 * the session hook in auth.ts then refuses any new one, by every sign-in path, with `user-disabled`.
 * Returns null for an unknown user.
 */
export async function setUserDisabled(db: Db, auth: Auth, userId: string, disabled: boolean) {
  const [user] = await db.update(users).set({ disabled, updatedAt: new Date() }).where(eq(users.id, userId)).returning({
    id: users.id,
    email: users.email,
    tenantId: users.tenantId,
    tenantEmail: users.tenantEmail,
    isAnonymous: users.isAnonymous,
    disabled: users.disabled,
  });
  if (!user) return null;
  if (disabled) await revokeSessions(auth, userId);
  // A tenant account (ADR 0009) shows its real address; a guest none.
  return { id: user.id, email: user.isAnonymous ? null : (contactEmailOf(user) ?? user.email), disabled: user.disabled };
}
