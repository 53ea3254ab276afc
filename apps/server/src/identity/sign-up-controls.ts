import { invalidField } from '../errors.js';
import type { EmailIdentitySettings } from './email-settings.js';
import { identityError } from './errors.js';

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
