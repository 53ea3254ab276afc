import {
  ANONYMOUS_PROVIDER,
  type AuthUIError,
  MERGE_CONFLICT_CODE,
  PASSWORD_PROVIDER,
  PHONE_PROVIDER,
  type AuthUIConfig,
  type SignInOption,
  type Tenant,
  type TenantConfig,
} from '@trailbuddy/auth-ui';

/** A federated provider as `GET /api/auth/federated/providers` lists it (already mapped by the client). */
export interface ServerProvider {
  providerId: string;
  name: string;
}

export type EmailSignInMethod = 'password' | 'emailLink';

export interface SignInSettings {
  /** The enabled federated providers, in the server's order. */
  providers: ServerProvider[];
  /** The configured tenants; empty: no tenant selection. */
  tenants: Tenant[];
  /** Which single e-mail method this page offers (FirebaseUI allows one per configuration). */
  emailMethod: EmailSignInMethod;
  /** How federated providers open: a popup on wide screens, a redirect on phones (see signInFlowFor). */
  signInFlow: 'popup' | 'redirect';
  /** Redeems the merge token of a guest's merge conflict, then leaves the page. */
  onMergeConflict: (mergeToken: string) => Promise<void>;
}

/** Where a successful sign-in goes unless the link carried `?signInSuccessUrl=`. */
export const SIGN_IN_SUCCESS_URL = '/';
/** The phone page's preselected country: TrailBuddy's trails are in Portugal. */
export const DEFAULT_PHONE_COUNTRY = 'PT';

/**
 * Which e-mail method the page offers: the e-mail-link pages (`?emailSignIn=link`) and an e-mail
 * link being completed (`mode=signIn`, the link's own mode) use e-mail links; everything else uses
 * passwords. See the feature's README.
 */
export function emailMethodFor(search: string): EmailSignInMethod {
  const params = new URLSearchParams(search);
  return params.get('emailSignIn') === 'link' || params.get('mode') === 'signIn' ? 'emailLink' : 'password';
}

/**
 * Federated sign-in in a popup where there is room for one beside the page (the widget keeps its
 * state, the page stays), and as a redirect on phones, where popups open as tabs. A blocked
 * popup falls back to the redirect by itself.
 */
export function signInFlowFor(win: Pick<Window, 'matchMedia'> | undefined): 'popup' | 'redirect' {
  return win?.matchMedia?.('(min-width: 768px)').matches ? 'popup' : 'redirect';
}

/** The app's widget configuration, built from the server's answers (ADR 0010). */
export function buildWidgetConfig({ providers, tenants, emailMethod, signInFlow, onMergeConflict }: SignInSettings): AuthUIConfig {
  const signInOptions: Array<string | SignInOption> = [
    { provider: PASSWORD_PROVIDER, requireDisplayName: true, signInMethod: emailMethod },
    { provider: PHONE_PROVIDER, defaultCountry: DEFAULT_PHONE_COUNTRY },
    ...providers.map((p) => ({ provider: p.providerId, providerName: p.name })),
    ANONYMOUS_PROVIDER,
  ];

  const config: AuthUIConfig = {
    signInOptions,
    signInFlow,
    signInSuccessUrl: SIGN_IN_SUCCESS_URL,
    autoUpgradeAnonymousUsers: true,
    callbacks: {
      // Only the merge conflict of a guest upgrade reaches here (autoUpgradeAnonymousUsers).
      signInFailure: async (error: AuthUIError) => {
        if (error.code === MERGE_CONFLICT_CODE && error.credential) await onMergeConflict(error.credential.mergeToken);
      },
    },
  };

  if (tenants.length > 0) {
    // Each tenant keeps the server's look and provider list; e-mail and phone get the app's settings.
    const perTenant: Record<string, TenantConfig> = {};
    for (const tenant of tenants) {
      perTenant[tenant.id] = {
        signInOptions: tenant.signInOptions.map((id): SignInOption | string => {
          if (id === PASSWORD_PROVIDER || id === 'emailLink')
            return { provider: PASSWORD_PROVIDER, requireDisplayName: true, signInMethod: id === 'emailLink' ? 'emailLink' : emailMethod };
          if (id === PHONE_PROVIDER) return { provider: PHONE_PROVIDER, defaultCountry: DEFAULT_PHONE_COUNTRY };
          const named = providers.find((p) => p.providerId === id);
          return named ? { provider: id, providerName: named.name } : id;
        }),
      };
    }
    config.tenants = perTenant;
  }
  return config;
}
