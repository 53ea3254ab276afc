import { describe, expect, it } from 'vitest';
import { followableRedirect, getUrlParam, getWidgetMode, INNOCUOUS_URL, removeEmailLinkParams, sanitizeUrl } from './url';

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

describe('followableRedirect: the redirect rule (ADR 0053)', () => {
  const page = 'https://app.test/auth?mode=select';

  it.each(['/trails/abc?day=sat#top', 'https://app.test/home', 'profile', '?x=1', 'HTTPS://APP.TEST/home'])(
    'follows %s on the page origin',
    (url) => {
      expect(followableRedirect(url, page)).toBe(url);
    },
  );

  it.each([
    'http://evil.example/x',
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example/y',
    '\\\\evil.example/y',
    '/\t/evil.example/x',
    'http:evil.example',
    'http://app.test/home',
    'https://app.test:444/home',
    'https://app.test@evil.example/x',
    'https://user:pass@app.test/home',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    'mailto:a@b.co',
    '/home\n',
    '/ho\u0000me',
    '',
  ])('refuses %j', (url) => {
    expect(followableRedirect(url, page)).toBeNull();
  });

  it('follows an origin the configuration authorizes, and only that one', () => {
    const authorized = ['https://partner.example', 'not a url', 'https://shop.example/with/path'];
    expect(followableRedirect('https://partner.example/welcome', page, authorized)).toBe('https://partner.example/welcome');
    expect(followableRedirect('https://shop.example/cart', page, authorized)).toBe('https://shop.example/cart');
    expect(followableRedirect('http://partner.example/welcome', page, authorized)).toBeNull();
    expect(followableRedirect('https://partner.example.evil.example/', page, authorized)).toBeNull();
    expect(followableRedirect('//evil.example/x', page, authorized)).toBeNull();
  });
});

describe('removeEmailLinkParams (checklist §2)', () => {
  it('removes the e-mail-link parameters and keeps the others', () => {
    const url =
      'https://a.test/auth?mode=signIn&oobCode=c&apiKey=k&ui_sid=s&ui_sd=1&ui_auid=u&ui_pid=p&tenantId=t&lang=fr&continueUrl=%2Fx';
    expect(removeEmailLinkParams(url)).toBe('https://a.test/auth?lang=fr&continueUrl=%2Fx');
  });
});
