import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  adminContact,
  configForTenant,
  getEmailOption,
  getPhoneOption,
  hasTosAndPrivacy,
  isAdminRestrictedConfigured,
  isEmailLinkMode,
  isImmediateFederatedRedirect,
  mergeConfig,
  optionsFromServer,
  requireDisplayName,
  resolveConfig,
  signUpDisabled,
  withServerConfig,
} from './config';
import type { AuthUIConfig } from './types';

const env = { href: 'https://app.test/auth', isMobile: false };
const resolve = (config: AuthUIConfig, overrides: Partial<typeof env> = {}) => resolveConfig(config, { ...env, ...overrides });

let errorLog: MockInstance;
let warnLog: MockInstance;
beforeEach(() => {
  errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  warnLog = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('defaults (checklist §3.2)', () => {
  it('applies every default', () => {
    const config = resolve({});
    expect(config).toMatchObject({
      signInOptions: [],
      signInFlow: 'redirect',
      callbacks: {},
      credentialHelper: 'none',
      autoUpgradeAnonymousUsers: false,
      immediateFederatedRedirect: false,
      popupMode: false,
      widgetUrl: 'https://app.test/auth',
      queryParameterForWidgetMode: 'mode',
      queryParameterForSignInSuccessUrl: 'signInSuccessUrl',
      displayMode: 'optionFirst',
    });
    expect(config.signInSuccessUrl).toBeUndefined();
    expect(config.tosUrl).toBeUndefined();
    expect(errorLog).not.toHaveBeenCalled();
  });

  it.each([
    ['popup', 'popup'],
    ['redirect', 'redirect'],
    ['sideways', 'redirect'],
    [undefined, 'redirect'],
  ])('signInFlow %s → %s', (value, expected) => {
    expect(resolve({ signInFlow: value as never }).signInFlow).toBe(expected);
  });

  it.each([
    ['googleyolo', 'https://app.test/', 'googleyolo'],
    ['googleyolo', 'file:///index.html', 'none'],
    ['accountchooser.com', 'https://app.test/', 'none'],
    ['none', 'https://app.test/', 'none'],
  ])('credentialHelper %s on %s → %s', (value, href, expected) => {
    expect(resolve({ credentialHelper: value as never }, { href }).credentialHelper).toBe(expected);
  });

  it('forces popupMode off on mobile browsers', () => {
    expect(resolve({ popupMode: true }).popupMode).toBe(true);
    expect(resolve({ popupMode: true }, { isMobile: true }).popupMode).toBe(false);
  });

  it('keeps widgetUrl, signInSuccessUrl and siteName', () => {
    const config = resolve({ widgetUrl: '/widget', signInSuccessUrl: '/home', siteName: 'TrailBuddy' });
    expect(config).toMatchObject({ widgetUrl: '/widget', signInSuccessUrl: '/home', siteName: 'TrailBuddy' });
  });
});

describe('generic rules (checklist §3.1)', () => {
  it('matches top-level keys case-insensitively', () => {
    const config = resolve({ SIGNINFLOW: 'popup', signinsuccessurl: '/x' } as never);
    expect(config.signInFlow).toBe('popup');
    expect(config.signInSuccessUrl).toBe('/x');
  });

  it('logs unknown keys without failing', () => {
    resolve({ signInOptions: [], colour: 'red' } as never);
    expect(errorLog).toHaveBeenCalledWith('Invalid config: "colour"');
  });

  it('merges a later config over an earlier one', () => {
    expect(mergeConfig({ signInFlow: 'popup', tosUrl: '/tos' }, { SignInFlow: 'redirect' } as never)).toEqual({
      signInFlow: 'redirect',
      tosUrl: '/tos',
    });
  });

  it.each(['queryParameterForWidgetMode', 'queryParameterForSignInSuccessUrl'])('requires a non-empty %s', (key) => {
    expect(() => resolve({ [key]: '' })).toThrow(`Configuration ${key} is required.`);
    expect(resolve({ [key]: 'm' })[key as 'queryParameterForWidgetMode']).toBe('m');
  });
});

describe('signInOptions (checklist §3.2, §3.4)', () => {
  it('turns strings into entries and drops entries without a provider', () => {
    const config = resolve({
      signInOptions: ['password', { provider: '' }, { providerName: 'x' } as never, { provider: 'google.com' }, 42 as never],
    });
    expect(config.signInOptions).toEqual([{ provider: 'password' }, { provider: 'google.com' }]);
  });

  it('keeps scopes only for providers that take them, and removes the login hint from custom parameters', () => {
    const config = resolve({
      signInOptions: [
        { provider: 'google.com', scopes: ['email'], customParameters: { login_hint: 'x', prompt: 'select_account' } },
        { provider: 'github.com', customParameters: { login: 'x', allow_signup: 'false' } },
        { provider: 'password', scopes: ['nope'] },
        { provider: 'oidc.trail', scopes: ['profile'], customParameters: 'nope' as never },
      ],
    });
    expect(config.signInOptions[0]).toEqual({ provider: 'google.com', scopes: ['email'], customParameters: { prompt: 'select_account' } });
    expect(config.signInOptions[1]).toEqual({ provider: 'github.com', customParameters: { allow_signup: 'false' } });
    expect(config.signInOptions[2]).toEqual({ provider: 'password' });
    expect(config.signInOptions[3]).toEqual({ provider: 'oidc.trail', scopes: ['profile'] });
  });

  it('sanitises icon URLs', () => {
    const config = resolve({
      signInOptions: [
        { provider: 'oidc.x', iconUrl: 'javascript:alert(1)' },
        { provider: 'saml.y', iconUrl: '/i.svg' },
      ],
    });
    expect(config.signInOptions.map((o) => o.iconUrl)).toEqual(['about:invalid#zClosurez', '/i.svg']);
  });

  it('reads the e-mail provider options', () => {
    expect(requireDisplayName(resolve({ signInOptions: ['password'] }))).toBe(true);
    expect(requireDisplayName(resolve({ signInOptions: [{ provider: 'password', requireDisplayName: false }] }))).toBe(false);
    expect(isEmailLinkMode(resolve({ signInOptions: [{ provider: 'password', signInMethod: 'emailLink' }] }))).toBe(true);
    expect(isEmailLinkMode(resolve({ signInOptions: [{ provider: 'password', signInMethod: 'other' as never }] }))).toBe(false);
    const disabled = resolve({
      signInOptions: [{ provider: 'password', disableSignUp: { status: true, adminEmail: 'a@b.co', helpLink: 7 as never } }],
    });
    expect(signUpDisabled(disabled)).toEqual({ status: true, adminEmail: 'a@b.co' });
    expect(signUpDisabled(resolve({ signInOptions: [{ provider: 'password', disableSignUp: { status: false } }] }))).toBeUndefined();
    expect(getEmailOption(resolve({ signInOptions: ['phone'] }))).toBeUndefined();
  });

  it('strips reserved reCAPTCHA parameters with a warning, and ignores arrays', () => {
    const config = resolve({
      signInOptions: [{ provider: 'phone', recaptchaParameters: { size: 'invisible', sitekey: 'k', callback: 'f', type: 'image' } }],
    });
    expect(getPhoneOption(config)?.recaptchaParameters).toEqual({ size: 'invisible', type: 'image' });
    expect(warnLog).toHaveBeenCalledWith('The following provided "recaptchaParameters" keys are not allowed: sitekey, callback');
    expect(
      getPhoneOption(resolve({ signInOptions: [{ provider: 'phone', recaptchaParameters: ['x'] as never }] }))?.recaptchaParameters,
    ).toBeUndefined();
  });
});

describe('phone country lists (checklist §3.5, product §5)', () => {
  const phone = (extra: Record<string, unknown>) => ({ signInOptions: [{ provider: 'phone', ...extra }] }) as AuthUIConfig;
  it.each([
    [{ whitelistedCountries: [] }, 'WhitelistedCountries must be a non-empty array.'],
    [{ whitelistedCountries: 'US' }, 'WhitelistedCountries must be a non-empty array.'],
    [{ blacklistedCountries: 'US' }, 'BlacklistedCountries must be an array.'],
    [{ whitelistedCountries: ['US'], blacklistedCountries: ['GB'] }, 'Both whitelistedCountries and blacklistedCountries are provided.'],
  ])('%j throws %s', (extra, message) => {
    expect(() => resolve(phone(extra))).toThrow(message);
  });

  it.each([[{ whitelistedCountries: ['US', '+44'] }], [{ blacklistedCountries: [] }], [{ blacklistedCountries: ['US'] }], [{}]])(
    '%j is valid',
    (extra) => {
      expect(() => resolve(phone(extra))).not.toThrow();
    },
  );
});

describe('callbacks (checklist §3.3)', () => {
  it('warns about the deprecated signInSuccess, and when both are given', () => {
    resolve({ callbacks: { signInSuccess: () => true } });
    expect(warnLog).toHaveBeenCalledWith('signInSuccess callback is deprecated. Please use signInSuccessWithAuthResult callback instead.');
    resolve({ callbacks: { signInSuccess: () => true, signInSuccessWithAuthResult: () => true } });
    expect(warnLog).toHaveBeenCalledWith(
      'Both signInSuccess and signInSuccessWithAuthResult callbacks are provided. Only signInSuccessWithAuthResult callback will be invoked.',
    );
  });

  it('requires signInFailure when anonymous users are upgraded (product §5; upstream only logged, §11.11)', () => {
    expect(() => resolve({ autoUpgradeAnonymousUsers: true })).toThrow(
      'Missing "signInFailure" callback: "signInFailure" callback needs to be provided when "autoUpgradeAnonymousUsers" is set to true.',
    );
    resolve({ autoUpgradeAnonymousUsers: true, callbacks: { signInFailure: () => undefined } });
    resolve({ callbacks: {} });
    expect(errorLog).not.toHaveBeenCalled();
  });
});

describe('tenants (checklist §3.6)', () => {
  it('keeps the allowed keys, logs the others, and normalises each tenant', () => {
    const config = resolve({
      tenants: {
        tenant1: { displayName: 'Acme', buttonColor: '#123', signInOptions: ['password', { provider: '' }], callbacks: {} } as never,
        '*': { signInFlow: 'popup', iconUrl: 'javascript:x' },
        broken: 'nope' as never,
      },
    });
    expect(config.tenants).toEqual({
      tenant1: { displayName: 'Acme', buttonColor: '#123', signInOptions: [{ provider: 'password' }] },
      '*': { signInFlow: 'popup', iconUrl: 'about:invalid#zClosurez' },
    });
    expect(errorLog).toHaveBeenCalledWith('Invalid config: "tenants.tenant1.callbacks"');
    expect(errorLog).toHaveBeenCalledWith('Invalid config: "tenants.broken"');
  });

  it.each([
    ['identifierFirst', 'identifierFirst'],
    ['optionFirst', 'optionFirst'],
    ['sideways', 'optionFirst'],
  ])('displayMode %s → %s', (value, expected) => {
    expect(resolve({ displayMode: value as never }).displayMode).toBe(expected);
    expect(errorLog).not.toHaveBeenCalled();
  });

  it("a tenant's configuration: its options (reusing the widget's entry for a provider), flow, redirect and links", () => {
    const config = resolve({
      signInOptions: ['password', { provider: 'google.com', providerName: 'Work Google', scopes: ['email'] }],
      tosUrl: 'https://app.test/tos',
      privacyPolicyUrl: 'https://app.test/privacy',
      tenants: { acme: { signInOptions: ['google.com', 'phone'], signInFlow: 'popup', tosUrl: 'https://acme.test/tos' } },
    });
    const tenant = configForTenant(config, config.tenants!.acme);
    expect(tenant.signInOptions).toEqual([
      { provider: 'google.com', providerName: 'Work Google', scopes: ['email'] },
      { provider: 'phone' },
    ]);
    expect(tenant).toMatchObject({ signInFlow: 'popup', tosUrl: 'https://acme.test/tos', privacyPolicyUrl: 'https://app.test/privacy' });
    // Nothing of its own: the server's list for the tenant; nothing at all: the widget's options.
    expect(configForTenant(config, {}, ['emailLink', 'anonymous']).signInOptions).toEqual([
      { provider: 'password', signInMethod: 'emailLink' },
      { provider: 'anonymous' },
    ]);
    expect(configForTenant(config, undefined).signInOptions).toBe(config.signInOptions);
  });

  it("the server's sign-up rules apply to a tenant's e-mail option too", () => {
    const server = {
      signUpDisabled: true,
      adminEmail: 'a@x.co',
      helpLink: null,
      requireDisplayName: ['password'],
      enumerationProtection: false,
    };
    const config = withServerConfig(resolve({ signInOptions: ['google.com'], tenants: { t: { signInOptions: ['password'] } } }), server);
    expect(configForTenant(config, config.tenants!.t).signInOptions).toEqual([
      { provider: 'password', disableSignUp: { status: true, adminEmail: 'a@x.co' }, requireDisplayName: true },
    ]);
  });

  it.each([
    [
      ['password', 'emailLink', 'google.com'],
      [{ provider: 'password' }, { provider: 'google.com' }],
    ],
    [
      ['emailLink', 'phone'],
      [{ provider: 'password', signInMethod: 'emailLink' }, { provider: 'phone' }],
    ],
    [['oidc.x', 'oidc.x'], [{ provider: 'oidc.x' }]],
  ])("the server's option ids %j → %j", (ids, expected) => {
    expect(optionsFromServer(ids)).toEqual(expected);
  });

  it("validates a tenant's phone country lists", () => {
    expect(() => resolve({ tenants: { t: { signInOptions: [{ provider: 'phone', whitelistedCountries: [] }] } } })).toThrow(
      'WhitelistedCountries must be a non-empty array.',
    );
  });
});

describe('ToS and privacy links (checklist §3.2, product §5)', () => {
  it.each([
    [{ tosUrl: '/tos', privacyPolicyUrl: '/pp' }, true, null],
    [{ tosUrl: '/tos' }, false, 'Privacy Policy URL is missing, the link will not be displayed.'],
    [{ privacyPolicyUrl: '/pp' }, false, 'Term of Service URL is missing, the link will not be displayed.'],
    [{ tosUrl: () => undefined, privacyPolicyUrl: () => undefined }, true, null],
    [{}, false, null],
  ])('%j → links shown: %s', (config, shown, warning) => {
    expect(hasTosAndPrivacy(resolve(config))).toBe(shown);
    if (warning) expect(warnLog).toHaveBeenCalledWith(warning);
    else expect(warnLog).not.toHaveBeenCalled();
  });
});

describe('immediateFederatedRedirect (checklist §3.2)', () => {
  it.each([
    [{ immediateFederatedRedirect: true, signInOptions: ['google.com'] }, true],
    [{ immediateFederatedRedirect: true, signInOptions: ['oidc.trail'], signInFlow: 'redirect' }, true],
    // A lone guest button is not a federated provider (upstream quirk §11.9, fixed).
    [{ immediateFederatedRedirect: true, signInOptions: ['anonymous'] }, false],
    [{ immediateFederatedRedirect: true, signInOptions: ['google.com'], signInFlow: 'popup' }, false],
    [{ immediateFederatedRedirect: true, signInOptions: ['google.com', 'github.com'] }, false],
    [{ immediateFederatedRedirect: true, signInOptions: ['password'] }, false],
    [{ immediateFederatedRedirect: true, signInOptions: ['phone'] }, false],
    [{ immediateFederatedRedirect: false, signInOptions: ['google.com'] }, false],
  ])('%j → %s', (config, expected) => {
    expect(isImmediateFederatedRedirect(resolve(config as AuthUIConfig))).toBe(expected);
  });
});

describe('admin restrictions (checklist §3.2, §5.11)', () => {
  it('counts adminRestrictedOperation as configured only with a truthy status', () => {
    expect(isAdminRestrictedConfigured(resolve({ adminRestrictedOperation: { status: true } }))).toBe(true);
    expect(isAdminRestrictedConfigured(resolve({ adminRestrictedOperation: { status: false, adminEmail: 'a@b.co' } }))).toBe(false);
    expect(isAdminRestrictedConfigured(resolve({}))).toBe(false);
  });

  it("prefers disableSignUp's contact for the e-mail provider", () => {
    const config = resolve({
      signInOptions: [
        { provider: 'password', disableSignUp: { status: true, adminEmail: 'signup@x.co', helpLink: 'https://help/signup' } },
      ],
      adminRestrictedOperation: { status: true, adminEmail: 'admin@x.co', helpLink: 'https://help/admin' },
    });
    expect(adminContact(config, 'password')).toEqual({ adminEmail: 'signup@x.co', helpLink: 'https://help/signup' });
    expect(adminContact(config, 'phone')).toEqual({ adminEmail: 'admin@x.co', helpLink: 'https://help/admin' });
    expect(adminContact(resolve({}), null)).toEqual({});
  });
});

describe("the server's settings (GET /api/auth/identity/config)", () => {
  const server = {
    signUpDisabled: true,
    adminEmail: 'admin@trailbuddy.app',
    helpLink: 'https://help',
    requireDisplayName: ['password'],
    enumerationProtection: false,
  };

  it('disables sign-up and restricts admin operations with the server contact', () => {
    const config = withServerConfig(resolve({ signInOptions: [{ provider: 'password', requireDisplayName: false }] }), server);
    expect(signUpDisabled(config)).toEqual({ status: true, adminEmail: 'admin@trailbuddy.app', helpLink: 'https://help' });
    expect(config.adminRestrictedOperation).toEqual({ status: true, adminEmail: 'admin@trailbuddy.app', helpLink: 'https://help' });
    expect(requireDisplayName(config)).toBe(true);
    expect(config.server).toBe(server);
  });

  it("keeps the widget's own settings", () => {
    const config = withServerConfig(
      resolve({
        signInOptions: [{ provider: 'password', disableSignUp: { status: true, adminEmail: 'own@x.co' } }],
        adminRestrictedOperation: { status: true },
      }),
      server,
    );
    expect(signUpDisabled(config)?.adminEmail).toBe('own@x.co');
    expect(config.adminRestrictedOperation).toEqual({ status: true });
  });

  it('changes nothing when the server allows sign-up', () => {
    const config = withServerConfig(resolve({ signInOptions: ['password'] }), { ...server, signUpDisabled: false, requireDisplayName: [] });
    expect(signUpDisabled(config)).toBeUndefined();
    expect(config.adminRestrictedOperation).toBeUndefined();
  });
});
