import type { PendingCredential } from '../client/types';
import { aesDecrypt, aesEncrypt } from './aes';
import type { CookieJar } from './cookies';

/** sessionStorage keys live under FirebaseUI's namespace (checklist §8). */
export const STORAGE_NAMESPACE = 'firebaseui::';
export const STORAGE_KEYS = {
  pendingEmailCredential: 'pendingEmailCredential',
  redirectStatus: 'redirectStatus',
  redirectUrl: 'redirectUrl',
} as const;
export const COOKIE_NAMES = {
  emailForSignIn: 'emailForSignIn',
  pendingEncryptedCredential: 'pendingEncryptedCredential',
} as const;
/** The e-mail-link cookies last one hour, on path `/`. */
export const EMAIL_LINK_COOKIE_MAX_AGE = 3600;
export const EMAIL_LINK_COOKIE_PATH = '/';

/** A pending e-mail (federated sign-in) or an e-mail with a credential to link (checklist §5.8). */
export interface PendingEmailCredential {
  email: string;
  credential: PendingCredential | null;
}

/** The redirect in progress: the tenant to restore on return. */
export interface RedirectStatus {
  tenantId: string | null;
}

/** The minimal Web Storage surface the widget uses. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Web Storage usable? (Safari's private mode and disabled storage throw on write.) */
export function isWebStorageAvailable(getStorage: () => KeyValueStorage | null | undefined): boolean {
  try {
    const storage = getStorage();
    if (!storage) return false;
    const probe = `${STORAGE_NAMESPACE}probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/**
 * The widget's temporary state (checklist §8): JSON values in sessionStorage under
 * `firebaseui::<name>[:<appId>]`, and the two e-mail-link cookies `<name>[:<appId>]`, whose
 * values are JSON-quoted hex AES-256-ECB blobs keyed by the link's session id.
 */
export class WidgetStorage {
  constructor(
    private readonly session: KeyValueStorage,
    private readonly cookies: CookieJar,
    private readonly appId?: string,
  ) {}

  private suffix(name: string): string {
    return this.appId ? `${name}:${this.appId}` : name;
  }

  /** The full sessionStorage key of a value. */
  sessionKey(name: keyof typeof STORAGE_KEYS): string {
    return `${STORAGE_NAMESPACE}${this.suffix(STORAGE_KEYS[name])}`;
  }

  /** The full cookie name. */
  cookieName(name: keyof typeof COOKIE_NAMES): string {
    return this.suffix(COOKIE_NAMES[name]);
  }

  private read<T>(name: keyof typeof STORAGE_KEYS): T | null {
    return parseJson<T>(this.session.getItem(this.sessionKey(name)));
  }

  private write(name: keyof typeof STORAGE_KEYS, value: unknown): void {
    this.session.setItem(this.sessionKey(name), JSON.stringify(value));
  }

  private remove(name: keyof typeof STORAGE_KEYS): void {
    this.session.removeItem(this.sessionKey(name));
  }

  getPendingEmailCredential(): PendingEmailCredential | null {
    const value = this.read<PendingEmailCredential>('pendingEmailCredential');
    return value && typeof value.email === 'string' ? { email: value.email, credential: value.credential ?? null } : null;
  }
  hasPendingEmailCredential(): boolean {
    return this.getPendingEmailCredential() !== null;
  }
  setPendingEmailCredential(value: PendingEmailCredential): void {
    this.write('pendingEmailCredential', value);
  }
  removePendingEmailCredential(): void {
    this.remove('pendingEmailCredential');
  }

  getRedirectStatus(): RedirectStatus | null {
    return this.read<RedirectStatus>('redirectStatus');
  }
  hasRedirectStatus(): boolean {
    return this.getRedirectStatus() !== null;
  }
  setRedirectStatus(value: RedirectStatus): void {
    this.write('redirectStatus', value);
  }
  removeRedirectStatus(): void {
    this.remove('redirectStatus');
  }

  getRedirectUrl(): string | null {
    const value = this.read<unknown>('redirectUrl');
    return typeof value === 'string' ? value : null;
  }
  setRedirectUrl(url: string): void {
    this.write('redirectUrl', url);
  }
  removeRedirectUrl(): void {
    this.remove('redirectUrl');
  }

  private writeEncrypted(name: keyof typeof COOKIE_NAMES, sessionId: string, value: unknown): void {
    const blob = JSON.stringify(aesEncrypt(sessionId, JSON.stringify(value)));
    this.cookies.set(this.cookieName(name), blob, { maxAgeSeconds: EMAIL_LINK_COOKIE_MAX_AGE, path: EMAIL_LINK_COOKIE_PATH });
  }

  private readEncrypted<T>(name: keyof typeof COOKIE_NAMES, sessionId: string): T | null {
    const hex = parseJson<unknown>(this.cookies.get(this.cookieName(name)));
    if (typeof hex !== 'string') return null;
    return parseJson<T>(aesDecrypt(sessionId, hex));
  }

  /** After a link is sent: the e-mail, encrypted with the link's session id. */
  setEmailForSignIn(sessionId: string, email: string): void {
    this.writeEncrypted('emailForSignIn', sessionId, { email });
  }
  /** The e-mail, or null when there is no cookie or the session id does not decrypt it. */
  getEmailForSignIn(sessionId: string): string | null {
    const value = this.readEncrypted<{ email?: unknown }>('emailForSignIn', sessionId);
    return typeof value?.email === 'string' ? value.email : null;
  }
  /** "New device" means no `emailForSignIn` cookie at all (checklist §5.5). */
  hasEmailForSignIn(): boolean {
    return this.cookies.get(this.cookieName('emailForSignIn')) !== null;
  }
  removeEmailForSignIn(): void {
    this.cookies.remove(this.cookieName('emailForSignIn'), EMAIL_LINK_COOKIE_PATH);
  }

  /** Before a linking link is sent: the pending credential, encrypted with the session id. */
  setEncryptedPendingCredential(sessionId: string, value: PendingEmailCredential): void {
    this.writeEncrypted('pendingEncryptedCredential', sessionId, value);
  }
  getEncryptedPendingCredential(sessionId: string): PendingEmailCredential | null {
    const value = this.readEncrypted<PendingEmailCredential>('pendingEncryptedCredential', sessionId);
    return value && typeof value.email === 'string' ? { email: value.email, credential: value.credential ?? null } : null;
  }
  removeEncryptedPendingCredential(): void {
    this.cookies.remove(this.cookieName('pendingEncryptedCredential'), EMAIL_LINK_COOKIE_PATH);
  }

  /** Clears what a reset must not leave behind (checklist §0): pending credential and redirect status. */
  clearOnReset(): void {
    this.removePendingEmailCredential();
    this.removeRedirectStatus();
  }
}

const SESSION_ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A 32-character [0-9a-zA-Z] session id from the platform's CSPRNG. */
export function generateSessionId(length = 32): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  // 62 does not divide 256: reject the top values so every character is equally likely.
  let out = '';
  let i = 0;
  while (out.length < length) {
    if (i >= bytes.length) {
      crypto.getRandomValues(bytes);
      i = 0;
    }
    const byte = bytes[i++]!;
    if (byte < 248) out += SESSION_ID_ALPHABET[byte % 62];
  }
  return out;
}
