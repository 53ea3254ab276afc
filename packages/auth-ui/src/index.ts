/**
 * The sign-in widget: a React package that behaves like FirebaseUI on TrailBuddy's identity API.
 * "Checklist §n" here and in the identity server is section n of docs/firebaseui-behaviour.md.
 */
export { AuthWidget, type AuthWidgetProps } from './widget/AuthWidget';
export { mountAuthUI, type MountedWidget } from './widget/mount';
export { openSignInWidget } from './widget/open';
export { createWidgetApp, type WidgetOptions } from './widget/create';
export { startWidget, isPendingRedirect, type StartOptions } from './widget/dispatch';
export { WidgetView } from './widget/WidgetView';
export { WidgetApp, BUSY_INDICATOR_DELAY_MS, type WidgetState } from './widget/app';
export { browserEnv, type WidgetEnv } from './widget/env';
export { getWidgetMode, sanitizeUrl, WIDGET_MODES, type WidgetMode } from './widget/url';
export type { PageId, PageRegistry } from './widget/page-types';
export { HttpIdentityClient, type HttpIdentityClientOptions } from './client/http-client';
export {
  AuthError,
  type AltchaChallenge,
  type IdentityClient,
  type IdentityServerConfig,
  type IdentityUser,
  type PendingCredential,
  type PhoneConfig,
  type Tenant,
} from './client/types';
export { AuthUIError, MERGE_CONFLICT_CODE, type MergeCredential } from './errors';
export { resolveConfig, mergeConfig, type ResolvedConfig } from './config/config';
export {
  ANONYMOUS_PROVIDER,
  PASSWORD_PROVIDER,
  PHONE_PROVIDER,
  type AuthResult,
  type AuthUIConfig,
  type Callbacks,
  type EmailSignInOption,
  type PhoneSignInOption,
  type SignInOption,
  type TenantConfig,
  type TenantDisplayMode,
} from './config/types';
export { strings, getErrorMessage } from './strings';
export { disableAutoSignIn } from './flows/one-tap';

/** FirebaseUI's exported constants (checklist §9). */
export const CredentialHelper = { GOOGLE_YOLO: 'googleyolo', NONE: 'none' } as const;
export const AnonymousAuthProvider = { PROVIDER_ID: 'anonymous' } as const;
