// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../testing/harness';
import { aesDecrypt, aesEncrypt } from './aes';
import { documentCookies, memoryCookies } from './cookies';
import { generateSessionId, isWebStorageAvailable, WidgetStorage } from './storage';

const SID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('AES-256-ECB (checklist §5.5, §8)', () => {
  it('round-trips text, padding to 16-byte blocks with zeros', () => {
    const hex = aesEncrypt(SID, '{"email":"hiker@example.com"}');
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(hex.length % 32).toBe(0);
    expect(hex).toHaveLength(64); // 29 bytes → 2 blocks
    expect(aesDecrypt(SID, hex)).toBe('{"email":"hiker@example.com"}');
  });

  it('matches AES-256-ECB over the zero-padded bytes (known answer from OpenSSL)', () => {
    expect(aesEncrypt(SID, '{"email":"hiker@example.com","credential":null}')).toBe(
      '813a66ebd107b5a1b159c46bf727709004e70fcb61cb593005e7a49a7ba9662e78f83786fd269c899059e7eed5fa0c4b',
    );
  });

  it('cuts and zero-pads keys to 32 characters', () => {
    const hex = aesEncrypt(`${SID}EXTRA`, 'secret');
    expect(aesDecrypt(SID, hex)).toBe('secret');
    const short = aesEncrypt('abc', 'secret');
    expect(aesDecrypt(`abc${'\u0000'.repeat(29)}`, short)).toBe('secret');
  });

  it('returns null for a wrong key or a malformed blob', () => {
    const hex = aesEncrypt(SID, '{"email":"a@b.co"}');
    expect(aesDecrypt('another-session-id-0000000000000', hex)).not.toBe('{"email":"a@b.co"}');
    expect(aesDecrypt(SID, 'xyz')).toBeNull();
    expect(aesDecrypt(SID, 'abcd')).toBeNull();
  });

  it('keeps non-ASCII e-mails intact', () => {
    expect(aesDecrypt(SID, aesEncrypt(SID, 'zoë@exämple.com'))).toBe('zoë@exämple.com');
  });
});

describe('WidgetStorage (checklist §8)', () => {
  it('keeps values in sessionStorage under firebaseui:: with an optional :appId suffix', () => {
    const session = memoryStorage();
    const storage = new WidgetStorage(session, memoryCookies());
    storage.setRedirectUrl('/home');
    storage.setRedirectStatus({ tenantId: null });
    storage.setPendingEmailCredential({ email: 'a@b.co', credential: null });
    expect([...session.values.keys()].sort()).toEqual([
      'firebaseui::pendingEmailCredential',
      'firebaseui::redirectStatus',
      'firebaseui::redirectUrl',
    ]);
    expect(session.values.get('firebaseui::redirectUrl')).toBe('"/home"');
    expect(JSON.parse(session.values.get('firebaseui::redirectStatus')!)).toEqual({ tenantId: null });

    const withApp = new WidgetStorage(session, memoryCookies(), 'app-1');
    withApp.setRedirectUrl('/x');
    expect(session.values.get('firebaseui::redirectUrl:app-1')).toBe('"/x"');
    expect(withApp.getRedirectUrl()).toBe('/x');
    expect(storage.getRedirectUrl()).toBe('/home');
  });

  it('reads back and removes each value', () => {
    const storage = new WidgetStorage(memoryStorage(), memoryCookies());
    const credential = { providerId: 'google.com', token: 't', email: 'a@b.co' };
    storage.setPendingEmailCredential({ email: 'a@b.co', credential });
    expect(storage.getPendingEmailCredential()).toEqual({ email: 'a@b.co', credential });
    expect(storage.hasPendingEmailCredential()).toBe(true);
    storage.removePendingEmailCredential();
    expect(storage.getPendingEmailCredential()).toBeNull();
    storage.setRedirectStatus({ tenantId: 't1' });
    expect(storage.getRedirectStatus()).toEqual({ tenantId: 't1' });
    storage.setRedirectUrl('/a');
    storage.clearOnReset();
    expect(storage.hasRedirectStatus()).toBe(false);
    expect(storage.getRedirectUrl()).toBe('/a');
    storage.removeRedirectUrl();
    expect(storage.getRedirectUrl()).toBeNull();
  });

  it('ignores corrupt values', () => {
    const session = memoryStorage();
    session.setItem('firebaseui::pendingEmailCredential', '{not json');
    session.setItem('firebaseui::redirectUrl', '42');
    const storage = new WidgetStorage(session, memoryCookies());
    expect(storage.getPendingEmailCredential()).toBeNull();
    expect(storage.getRedirectUrl()).toBeNull();
  });

  it('writes the e-mail-link cookies for 3600 s on path /, as JSON-quoted hex (checklist §5.5)', () => {
    const cookies = memoryCookies();
    const storage = new WidgetStorage(memoryStorage(), cookies, 'app-1');
    storage.setEmailForSignIn(SID, 'hiker@example.com');
    storage.setEncryptedPendingCredential(SID, { email: 'hiker@example.com', credential: { providerId: 'github.com', token: 'tok' } });
    expect(cookies.writes.map((w) => [w.name, w.maxAgeSeconds, w.path])).toEqual([
      ['emailForSignIn:app-1', 3600, '/'],
      ['pendingEncryptedCredential:app-1', 3600, '/'],
    ]);
    const blob = cookies.writes[0]!.value;
    expect(blob).toMatch(/^"[0-9a-f]+"$/);
    expect(aesDecrypt(SID, JSON.parse(blob) as string)).toBe('{"email":"hiker@example.com"}');
    expect(storage.getEmailForSignIn(SID)).toBe('hiker@example.com');
    expect(storage.getEncryptedPendingCredential(SID)).toEqual({
      email: 'hiker@example.com',
      credential: { providerId: 'github.com', token: 'tok' },
    });
  });

  it('tells a new device from a wrong session id', () => {
    const storage = new WidgetStorage(memoryStorage(), memoryCookies());
    expect(storage.hasEmailForSignIn()).toBe(false);
    storage.setEmailForSignIn(SID, 'a@b.co');
    expect(storage.hasEmailForSignIn()).toBe(true);
    expect(storage.getEmailForSignIn('0'.repeat(32))).toBeNull();
    storage.removeEmailForSignIn();
    storage.removeEncryptedPendingCredential();
    expect(storage.hasEmailForSignIn()).toBe(false);
  });

  it('works on document.cookie', () => {
    const storage = new WidgetStorage(memoryStorage(), documentCookies(document));
    storage.setEmailForSignIn(SID, 'doc@example.com');
    expect(document.cookie).toMatch(/emailForSignIn="[0-9a-f]+"/);
    expect(storage.getEmailForSignIn(SID)).toBe('doc@example.com');
    storage.removeEmailForSignIn();
    expect(document.cookie).not.toContain('emailForSignIn');
  });
});

describe('session ids and the storage check', () => {
  it('makes 32-character alphanumeric session ids', () => {
    const ids = new Set(Array.from({ length: 50 }, () => generateSessionId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-zA-Z]{32}$/);
  });

  it('detects unusable Web Storage', () => {
    expect(isWebStorageAvailable(() => memoryStorage())).toBe(true);
    expect(isWebStorageAvailable(() => null)).toBe(false);
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
      removeItem: () => undefined,
    };
    expect(isWebStorageAvailable(() => throwing)).toBe(false);
    expect(
      isWebStorageAvailable(() => {
        throw new Error('SecurityError');
      }),
    ).toBe(false);
  });
});
