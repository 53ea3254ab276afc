import { describe, expect, it } from 'vitest';
import { getUrlParam, getWidgetMode, INNOCUOUS_URL, removeEmailLinkParams, sanitizeUrl } from './url';

describe('widget mode (checklist §2)', () => {
  it.each([
    ['https://a.test/auth', 'callback'],
    ['https://a.test/auth?mode=select', 'select'],
    ['https://a.test/auth?mode=SELECT', 'select'],
    ['https://a.test/auth?mode=signin&oobCode=x', 'signIn'],
    ['https://a.test/auth?mode=resetPassword&oobCode=x', 'resetPassword'],
    ['https://a.test/auth?mode=RECOVEREMAIL', 'recoverEmail'],
    ['https://a.test/auth?mode=verifyEmail', 'verifyEmail'],
    ['https://a.test/auth?mode=verifyAndChangeEmail', 'verifyAndChangeEmail'],
    ['https://a.test/auth?mode=revertSecondFactorAddition', 'revertSecondFactorAddition'],
    ['https://a.test/auth?mode=bogus', 'callback'],
    ['https://a.test/auth?mode=', 'callback'],
  ])('%s → %s', (url, mode) => {
    expect(getWidgetMode(url)).toBe(mode);
  });

  it('reads a configured parameter name', () => {
    expect(getWidgetMode('https://a.test/?m=select&mode=resetPassword', 'm')).toBe('select');
    expect(getUrlParam('/auth?oobCode=abc&continueUrl=%2Fhome', 'continueUrl')).toBe('/home');
    expect(getUrlParam('/auth', 'oobCode')).toBeNull();
  });
});

describe('sanitizeUrl', () => {
  it.each([
    ['https://app.test/home', 'https://app.test/home'],
    ['http://app.test', 'http://app.test'],
    ['/home?x=1', '/home?x=1'],
    ['home', 'home'],
    ['mailto:a@b.co', 'mailto:a@b.co'],
    ['javascript:alert(1)', INNOCUOUS_URL],
    [' JavaScript:alert(1)', INNOCUOUS_URL],
    ['data:text/html,<script>', INNOCUOUS_URL],
    ['vbscript:x', INNOCUOUS_URL],
  ])('%s → %s', (url, safe) => {
    expect(sanitizeUrl(url)).toBe(safe);
  });
});

describe('removeEmailLinkParams (checklist §2)', () => {
  it('removes the e-mail-link parameters and keeps the others', () => {
    const url =
      'https://a.test/auth?mode=signIn&oobCode=c&apiKey=k&ui_sid=s&ui_sd=1&ui_auid=u&ui_pid=p&tenantId=t&lang=fr&continueUrl=%2Fx';
    expect(removeEmailLinkParams(url)).toBe('https://a.test/auth?lang=fr&continueUrl=%2Fx');
  });
});
