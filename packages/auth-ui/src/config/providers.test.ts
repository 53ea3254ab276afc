import { describe, expect, it } from 'vitest';
import { isFederatedForRedirect, providerButton, resolveButtonColor, resolveProviderName } from './providers';

describe('provider buttons (checklist §1.9)', () => {
  it.each([
    [{ provider: 'password' }, 'Sign in with email', 'Email', '#db4437', 'mail'],
    [{ provider: 'password', providerName: 'Work mail' }, 'Sign in with Work mail', 'Work mail', '#db4437', 'mail'],
    [{ provider: 'password', fullLabel: 'Use your e-mail' }, 'Use your e-mail', 'Email', '#db4437', 'mail'],
    [{ provider: 'phone' }, 'Sign in with phone', 'Phone', '#02bd7e', 'phone'],
    [{ provider: 'anonymous' }, 'Continue as guest', 'Guest', '#f4b400', 'anonymous'],
    [{ provider: 'google.com' }, 'Sign in with Google', 'Google', '#ffffff', 'brand'],
    [{ provider: 'github.com' }, 'Sign in with GitHub', 'GitHub', '#333333', 'brand'],
    [{ provider: 'facebook.com' }, 'Sign in with Facebook', 'Facebook', '#3b5998', 'brand'],
    [{ provider: 'twitter.com' }, 'Sign in with Twitter', 'Twitter', '#55acee', 'brand'],
    [{ provider: 'microsoft.com' }, 'Sign in with Microsoft', 'Microsoft', '#2F2F2F', 'brand'],
    [{ provider: 'yahoo.com' }, 'Sign in with Yahoo', 'Yahoo', '#720E9E', 'brand'],
    [{ provider: 'apple.com' }, 'Sign in with Apple', 'Apple', '#000000', 'brand'],
    [{ provider: 'saml.acme' }, 'Sign in with acme', 'acme', '#007bff', 'saml'],
    [{ provider: 'oidc.trail' }, 'Sign in with trail', 'trail', '#007bff', 'oidc'],
    [{ provider: 'oidc.trail', providerName: 'Trail ID', buttonColor: '#123456' }, 'Sign in with Trail ID', 'Trail ID', '#123456', 'oidc'],
    [{ provider: 'example.org' }, 'Sign in with example.org', 'example.org', '#db4437', 'mail'],
    [{ provider: 'google.com', fullLabel: 'Google account' }, 'Google account', 'Google', '#ffffff', 'brand'],
  ])('%j', (option, longLabel, shortLabel, color, iconKind) => {
    expect(providerButton(option)).toMatchObject({ providerId: option.provider, longLabel, shortLabel, color, iconKind });
  });

  it('keeps text readable on light buttons', () => {
    expect(providerButton({ provider: 'google.com' }).textColor).toBe('#3c4043');
    expect(providerButton({ provider: 'github.com' }).textColor).toBe('#ffffff');
    // White on the original's password red (4.3:1) and phone green (2.5:1) fails WCAG AA.
    expect(providerButton({ provider: 'password' }).textColor).toBe('#000000');
    expect(providerButton({ provider: 'phone' }).textColor).toBe('#000000');
    expect(providerButton({ provider: 'facebook.com' }).textColor).toBe('#ffffff');
    expect(providerButton({ provider: 'oidc.acme' }).textColor).toBe('#000000');
  });

  it('passes a configured icon through', () => {
    expect(providerButton({ provider: 'oidc.trail', iconUrl: '/trail.svg' }).iconUrl).toBe('/trail.svg');
  });

  it('resolves names and colours', () => {
    expect(resolveProviderName('saml.corp')).toBe('corp');
    expect(resolveProviderName('unknown')).toBe('unknown');
    expect(resolveButtonColor('unknown')).toBe('#db4437');
  });

  it('treats anonymous as federated for the immediate redirect (checklist §11.9)', () => {
    expect(['google.com', 'anonymous', 'oidc.x'].map(isFederatedForRedirect)).toEqual([true, true, true]);
    expect(['password', 'phone', 'emailLink'].map(isFederatedForRedirect)).toEqual([false, false, false]);
  });
});
