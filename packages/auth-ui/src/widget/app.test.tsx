// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authError } from '../testing/fake-client';
import {
  click,
  currentPage,
  expectPage,
  fill,
  flush,
  infoBarText,
  isBusy,
  rejectCall,
  renderWidget,
  resolveCall,
  submit,
} from '../testing/harness';

const emailOnly = { signInOptions: ['password'] };

describe('busy indicator (checklist §0, product §4)', () => {
  it('appears only after 500 ms of a pending request and goes when it settles', async () => {
    vi.useFakeTimers();
    const { client } = await renderWidget(emailOnly);
    fill('Email', 'hiker@example.com');
    await submit();
    const call = client.next('fetchSignInMethods');
    expect(isBusy()).toBe(false);
    await act(async () => vi.advanceTimersByTime(499));
    expect(isBusy()).toBe(false);
    await act(async () => vi.advanceTimersByTime(1));
    expect(isBusy()).toBe(true);
    expect(document.querySelector('[data-page-id="signIn"] .authui-progress-bar')).not.toBeNull();
    await resolveCall(call, ['password']);
    expect(isBusy()).toBe(false);
    expectPage('passwordSignIn');
  });

  it('never appears for a request faster than 500 ms', async () => {
    vi.useFakeTimers();
    const { client } = await renderWidget(emailOnly);
    fill('Email', 'hiker@example.com');
    await submit();
    await act(async () => vi.advanceTimersByTime(300));
    await resolveCall(client.next('fetchSignInMethods'), []);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(isBusy()).toBe(false);
  });

  it('uses a spinner on the provider list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const { client } = await renderWidget({ signInOptions: ['password', 'anonymous'] });
    await click('Continue as guest');
    await act(async () => vi.advanceTimersByTime(500));
    expect(document.querySelector('.authui-container > .authui-spinner')).not.toBeNull();
    await rejectCall(client.next('signInAnonymously'), authError('network-request-failed'));
    expect(document.querySelector('.authui-container > .authui-spinner')).toBeNull();
  });
});

describe('one request at a time (checklist §0)', () => {
  it('ignores submits while a request is in flight', async () => {
    const { client } = await renderWidget(emailOnly);
    fill('Email', 'hiker@example.com');
    await submit();
    await submit();
    await submit();
    expect(client.methods()).toEqual(['fetchSignInMethods']);
    await resolveCall(client.next('fetchSignInMethods'), ['password']);
    expectPage('passwordSignIn');
  });
});

describe('page-change events (checklist §0, §3.3)', () => {
  it('calls uiShown once and uiChanged on every page change', async () => {
    const uiShown = vi.fn();
    const uiChanged = vi.fn();
    const { client } = await renderWidget({ signInOptions: ['password', 'google.com'], callbacks: { uiShown, uiChanged } });
    expect(uiShown).toHaveBeenCalledTimes(1);
    expect(uiChanged.mock.calls).toEqual([[null, 'providerSignIn']]);
    await click('Sign in with email');
    fill('Email', 'hiker@example.com');
    await submit();
    await resolveCall(client.next('fetchSignInMethods'), []);
    expect(uiChanged.mock.calls).toEqual([
      [null, 'providerSignIn'],
      ['providerSignIn', 'signIn'],
      ['signIn', 'passwordSignUp'],
    ]);
    expect(uiShown).toHaveBeenCalledTimes(1);
  });
});

describe('reset (checklist §0)', () => {
  it('removes the UI and ignores late answers', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const uiChanged = vi.fn();
    const { app, client } = await renderWidget({ ...emailOnly, callbacks: { signInSuccessWithAuthResult, uiChanged } });
    fill('Email', 'hiker@example.com');
    await submit();
    const call = client.next('fetchSignInMethods');
    app.storage.setPendingEmailCredential({ email: 'x@y.co', credential: null });
    app.storage.setRedirectStatus({ tenantId: null });
    act(() => app.reset());
    expect(currentPage()).toBeNull();
    expect(app.storage.hasPendingEmailCredential()).toBe(false);
    expect(app.storage.hasRedirectStatus()).toBe(false);
    await resolveCall(call, ['password']);
    expect(currentPage()).toBeNull();
    expect(uiChanged).toHaveBeenCalledTimes(1);
  });
});

describe('info bar', () => {
  it('shows a message with Dismiss, and a new one replaces the old', async () => {
    const { app } = await renderWidget({ signInOptions: ['password', 'google.com'] });
    act(() => app.showInfoBar('First'));
    act(() => app.showInfoBar('Second'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(infoBarText()).toBe('Second');
    await click('Dismiss');
    expect(infoBarText()).toBeNull();
    await flush();
  });
});
