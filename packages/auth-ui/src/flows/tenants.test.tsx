// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthUIConfig } from '../config/types';
import { authError, fakeTenant } from '../testing/fake-client';
import { click, expectPage, fakeEnv, fill, infoBarText, rejectCall, renderWidget, resolveCall, submit } from '../testing/harness';

const EMAIL = 'ana@acme.com';
const acme = fakeTenant('acme', { displayName: 'Acme', buttonColor: '#ff0000', signInOptions: ['password', 'google.com'] });
const trail = fakeTenant('trail', {
  displayName: 'Trail Club',
  fullLabel: 'Trail Club members',
  iconUrl: '/icons/trail.svg',
  signInOptions: ['emailLink'],
});

const buttons = () =>
  [...document.querySelectorAll<HTMLButtonElement>('.authui-tenant-button')].map((b) => ({
    id: b.getAttribute('data-tenant-id'),
    label: b.getAttribute('aria-label'),
    color: b.style.getPropertyValue('--authui-idp-brand'),
  }));

async function selection(config: AuthUIConfig, tenants = [acme, trail]) {
  const rendered = await renderWidget({ signInSuccessUrl: 'https://app.test/home', ...config });
  expectPage('blank');
  await resolveCall(rendered.client.next('getTenants'), tenants);
  return rendered;
}

describe('tenant selection, option-first (checklist §3.6, §1.8 #38)', () => {
  it('lists the server\'s tenants: "Sign in to {name}" or the full label, the colour, the icon; the default accounts first when configured', async () => {
    await selection({
      signInOptions: ['password'],
      tenants: { _: { displayName: 'TrailBuddy' }, trail: { buttonColor: '#00aa00' } },
      tosUrl: 'https://app.test/tos',
      privacyPolicyUrl: 'https://app.test/privacy',
    });
    expectPage('selectTenant');
    expect(buttons()).toEqual([
      { id: '_', label: 'Sign in to TrailBuddy', color: '#007bff' },
      { id: 'acme', label: 'Sign in to Acme', color: '#ff0000' },
      { id: 'trail', label: 'Trail Club members', color: '#00aa00' },
    ]);
    expect(document.querySelector('[data-tenant-id="trail"] img')?.getAttribute('src')).toBe('/icons/trail.svg');
    expect(document.querySelector('[data-tenant-id="acme"] .authui-idp-text-short')?.textContent).toBe('Acme');
    expect(document.querySelector('.authui-tos-full')).not.toBeNull();
  });

  it('a tenant → its start page with the options the server lists for it; its requests carry tenantId', async () => {
    const { client } = await selection({ signInOptions: ['password'], tenants: { '*': {} } });
    await click('Sign in to Acme');
    expectPage('providerSignIn');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    await click('Sign in with email');
    fill('Email', EMAIL);
    await submit();
    const lookup = client.next('fetchSignInMethods');
    expect(lookup.tenantId).toBe('acme');
    await resolveCall(lookup, ['password']);
    fill('Password', 'secret1');
    await submit();
    expect(client.next('signInWithPassword').tenantId).toBe('acme');
  });

  it("the widget's own options for a tenant win over the server's list", async () => {
    await selection({ signInOptions: ['password'], tenants: { acme: { signInOptions: ['phone', 'anonymous'] } } });
    await click('Sign in to Acme');
    expect(screen.getByRole('button', { name: 'Sign in with phone' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue as guest' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with email' })).toBeNull();
  });

  it("an 'emailLink' option of the server is the e-mail provider in e-mail-link mode", async () => {
    const { client } = await selection({ signInOptions: ['password'], tenants: { '*': {} } });
    await click('Trail Club members');
    // E-mail only: straight to the e-mail page.
    expectPage('signIn');
    fill('Email', 'bo@trail.club');
    await submit();
    await resolveCall(client.next('fetchSignInMethods'), []);
    const send = client.next('sendEmailLink');
    expect(send.tenantId).toBe('trail');
    expect(send.args[0]).toMatchObject({ email: 'bo@trail.club' });
  });

  it('the default accounts act without a tenant', async () => {
    const { client } = await selection({ signInOptions: ['password'], tenants: { _: { displayName: 'TrailBuddy' } } });
    await click('Sign in to TrailBuddy');
    fill('Email', EMAIL);
    await submit();
    expect(client.next('fetchSignInMethods').tenantId).toBeNull();
  });

  it('a single tenant is chosen without UI', async () => {
    const { client } = await selection({ signInOptions: ['password'], tenants: { acme: {} } }, [acme]);
    expectPage('providerSignIn');
    await click('Sign in with Google');
    expect(client.next('federatedStartUrl').tenantId).toBe('acme');
  });

  it('tenants that cannot be read → the recoverable error page; Retry reads them again', async () => {
    const { client } = await renderWidget({ signInOptions: ['password'], tenants: { acme: {} } });
    await rejectCall(client.next('getTenants'), authError('network-request-failed'));
    expectPage('recoverableError');
    expect(screen.getByText('A network error has occurred')).toBeTruthy();
    await click('Retry');
    await resolveCall(client.next('getTenants'), [acme, trail]);
    expectPage('selectTenant');
  });

  it('a federated redirect saves {tenantId}; on return the tenant is restored before the result is read', async () => {
    const env = fakeEnv('https://app.test/auth');
    const { client, app } = await renderWidget({ signInOptions: ['password'], tenants: { '*': {} } }, { env });
    await resolveCall(client.next('getTenants'), [acme, trail]);
    await click('Sign in to Acme');
    await click('Sign in with Google');
    expect(app.storage.getRedirectStatus()).toEqual({ tenantId: 'acme' });
    expect(env.assigned[0]).toContain('tenantId=acme');

    // Back from the IdP in a fresh page.
    const back = fakeEnv('https://app.test/auth');
    back.session.setItem('firebaseui::redirectStatus', '{"tenantId":"acme"}');
    const returned = await renderWidget({ signInOptions: ['password'], tenants: { '*': {} } }, { env: back });
    expectPage('callback');
    await resolveCall(returned.client.next('getTenants'), [acme, trail]);
    const result = returned.client.next('getFederatedResult');
    expect(result.tenantId).toBe('acme');
    await resolveCall(result, { kind: 'none' });
    // The tenant's start page: its options.
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
  });
});

describe('tenant selection, identifier-first (checklist §3.6, §1.8 #39)', () => {
  const config: AuthUIConfig = { signInOptions: ['password'], tenants: { '*': {} }, displayMode: 'identifierFirst' };

  it('asks for the e-mail; no matching tenant → "No sign-in provider is available for the given email…"', async () => {
    const { client } = await renderWidget(config);
    expectPage('providerMatchByEmail');
    expect(screen.getByText('Sign in')).toBeTruthy();
    fill('Email', 'nobody@elsewhere.test');
    await submit();
    await rejectCall(client.next('getTenantsForEmail'), authError('no-matching-tenant-for-email', 'x'));
    expectPage('providerMatchByEmail');
    expect(infoBarText()).toBe('No sign-in provider is available for the given email, please try with a different email.');
  });

  it("one match → that tenant's start page with the e-mail (its options from the match)", async () => {
    const { client } = await renderWidget({ ...config, signInOptions: ['password'] });
    fill('Email', EMAIL);
    await submit();
    expect(client.next('getTenantsForEmail').args).toEqual([EMAIL]);
    await resolveCall(client.calls[0]!, [fakeTenant('acme', { signInOptions: ['password'] })]);
    // Password only with a known e-mail: the prefilled path looks the e-mail up in the tenant.
    expectPage('blank');
    const lookup = client.next('fetchSignInMethods');
    expect(lookup.args).toEqual([EMAIL]);
    expect(lookup.tenantId).toBe('acme');
    await resolveCall(lookup, ['password']);
    expectPage('passwordSignIn');
    await submit();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    client.assertNoMoreCalls();
  });

  it('several matches → their buttons', async () => {
    const { client } = await renderWidget(config);
    fill('Email', EMAIL);
    await submit();
    await resolveCall(client.next('getTenantsForEmail'), [acme, trail]);
    expectPage('selectTenant');
    expect(buttons().map((b) => b.id)).toEqual(['acme', 'trail']);
  });

  it('validates the e-mail first', async () => {
    const { client } = await renderWidget(config);
    fill('Email', 'not-an-email');
    await submit();
    expect(screen.getByText("That email address isn't correct")).toBeTruthy();
    client.assertNoMoreCalls();
  });
});
