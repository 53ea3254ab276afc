// http_ece (RFC 8188 encrypted content-encoding) ships no types; the tests use its decrypt only.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's ECDH key pair (the browser's, in web push). */
    privateKey: ECDH;
    /** The receiver's authentication secret, base64url. */
    authSecret: string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
