import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Seals an activity service's OAuth tokens before they are stored: AES-256-GCM under a key of
 * its own derived from the auth secret, so a copy of the table alone opens nothing. The stored
 * text is `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export interface TokenBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function tokenBox(authSecret: string): TokenBox {
  const key = createHmac('sha256', authSecret).update('trailbuddy:activity-tokens:v1').digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed token format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
