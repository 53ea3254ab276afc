import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.js';
import { federatedSettings } from '../federated/providers.js';
import { resolveTenant, tenantSettings, tenantsForEmail } from './tenants.js';

const settingsOf = (tenants: unknown, env: Record<string, string> = {}) => {
  const parsed = parseEnv({ ...env, IDENTITY_TENANTS: typeof tenants === 'string' ? tenants : JSON.stringify(tenants) });
  return tenantSettings(parsed, federatedSettings(parsed));
};

describe('IDENTITY_TENANTS', () => {
  it('reads tenants with defaults for the optional fields, lower-casing domains and dropping repeated options', () => {
    const { tenants } = settingsOf(
      [
        {
          id: 'acme',
          displayName: 'Acme',
          emailDomains: ['ACME.com', '*.acme.com'],
          signInOptions: ['password', 'google.com', 'password'],
        },
      ],
      { GOOGLE_CLIENT_ID: 'a', GOOGLE_CLIENT_SECRET: 'b' },
    );
    expect(tenants).toEqual([
      {
        id: 'acme',
        displayName: 'Acme',
        fullLabel: null,
        buttonColor: null,
        iconUrl: null,
        emailDomains: ['acme.com', '*.acme.com'],
        signInOptions: ['password', 'google.com'],
      },
    ]);
    const unset = parseEnv({});
    expect(tenantSettings(unset, federatedSettings(unset)).tenants).toEqual([]);
  });

  it('stops the start-up with a message naming the entry and the field', () => {
    const ok = { id: 'acme', displayName: 'Acme', signInOptions: ['password'] };
    expect(() => settingsOf('[{')).toThrow(/IDENTITY_TENANTS: not valid JSON/);
    expect(() => settingsOf([{ ...ok, id: 'a b' }])).toThrow(/IDENTITY_TENANTS\.0\.id: must be 1-64 letters/);
    expect(() => settingsOf([{ ...ok, id: '_' }])).toThrow(/IDENTITY_TENANTS\.0\.id/);
    expect(() => settingsOf([{ ...ok, displayName: ' ' }])).toThrow(/IDENTITY_TENANTS\.0\.displayName: is required/);
    expect(() => settingsOf([{ ...ok, buttonColor: 'red;background:url(x)' }])).toThrow(
      /IDENTITY_TENANTS\.0\.buttonColor: must be a hex colour/,
    );
    expect(() => settingsOf([{ ...ok, iconUrl: 'javascript:alert(1)' }])).toThrow(/IDENTITY_TENANTS\.0\.iconUrl/);
    expect(() => settingsOf([{ ...ok, iconUrl: 'http://acme.example/i.svg' }])).toThrow(/IDENTITY_TENANTS\.0\.iconUrl/);
    expect(() => settingsOf([{ ...ok, iconUrl: '//evil.example/i.svg' }])).toThrow(/IDENTITY_TENANTS\.0\.iconUrl/);
    expect(() => settingsOf([{ ...ok, emailDomains: ['@acme.com'] }])).toThrow(/IDENTITY_TENANTS\.0\.emailDomains\.0: must be a domain/);
    expect(() => settingsOf([{ ...ok, signInOptions: [] }])).toThrow(/IDENTITY_TENANTS\.0\.signInOptions: needs at least one/);
    expect(() => settingsOf([ok, { ...ok, displayName: 'Again' }])).toThrow(/IDENTITY_TENANTS\.1\.id: tenant acme is configured twice/);
    expect(() => settingsOf([{ ...ok, signInOptions: ['password', 'google.com'] }])).toThrow(
      /IDENTITY_TENANTS\.0\.signInOptions: google\.com is neither password, emailLink, phone, anonymous nor a federated provider configured/,
    );
    expect(() => settingsOf([{ ...ok, signInOptions: ['passwrd'] }])).toThrow(/passwrd is neither/);
  });
});

describe('tenant requests', () => {
  const settings = settingsOf([
    { id: 'acme', displayName: 'Acme', emailDomains: ['acme.com'], signInOptions: ['password'] },
    { id: 'sub', displayName: 'Sub', emailDomains: ['*.acme.com'], signInOptions: ['emailLink'] },
  ]);

  it('resolves a configured tenant, none for no id, and a 400 on tenantId for an unknown one', () => {
    expect(resolveTenant(settings, undefined)).toBeNull();
    expect(resolveTenant(settings, 'acme')?.displayName).toBe('Acme');
    expect(() => resolveTenant(settings, 'ACME')).toThrow(
      expect.objectContaining({ status: 400, fields: { tenantId: 'There is no tenant with this id.' } }),
    );
  });

  it('allows every option without a tenant and only its own options with one', () => {
    expect(() => resolveTenant(settings, undefined, 'phone')).not.toThrow();
    expect(() => resolveTenant(settings, 'acme', 'password')).not.toThrow();
    expect(() => resolveTenant(settings, 'acme', 'emailLink')).toThrow(
      expect.objectContaining({ status: 403, code: 'operation-not-allowed' }),
    );
  });

  it('matches exact domains and subdomain wildcards, never a look-alike', () => {
    expect(tenantsForEmail(settings, 'a@acme.com').map((t) => t.id)).toEqual(['acme']);
    expect(tenantsForEmail(settings, 'a@eu.acme.com').map((t) => t.id)).toEqual(['sub']);
    for (const email of ['a@evilacme.com', 'a@acme.com.evil', 'a@acme.co']) {
      expect(() => tenantsForEmail(settings, email)).toThrow(expect.objectContaining({ code: 'no-matching-tenant-for-email' }));
    }
  });
});
