import aesjs from 'aes-js';

/**
 * AES-256-ECB with zero padding and hex output, byte-compatible with FirebaseUI's e-mail-link
 * cookies (checklist §5.5, §8): the key is the session id cut or zero-padded to 32 bytes, the
 * data is cut into 16-byte blocks, the last one zero-padded. WebCrypto has no ECB mode, so this
 * uses `aes-js` (small, dependency-free). Text is UTF-8 (FirebaseUI used Latin-1 bytes, which
 * garbled non-ASCII e-mails).
 */
const BLOCK = 16;
const KEY_BYTES = 32;

function keyBytes(key: string): Uint8Array {
  const bytes = new Uint8Array(KEY_BYTES);
  bytes.set(aesjs.utils.utf8.toBytes(key.substring(0, KEY_BYTES)).slice(0, KEY_BYTES));
  return bytes;
}

export function aesEncrypt(key: string, data: string): string {
  const input = aesjs.utils.utf8.toBytes(data);
  const padded = new Uint8Array(Math.ceil(input.length / BLOCK) * BLOCK);
  padded.set(input);
  const ecb = new aesjs.ModeOfOperation.ecb(keyBytes(key));
  return aesjs.utils.hex.fromBytes(ecb.encrypt(padded));
}

/** The plain text, or null when `hex` is not a whole number of hex blocks. */
export function aesDecrypt(key: string, hex: string): string | null {
  if (!/^([0-9a-f]{32})*$/i.test(hex)) return null;
  const ecb = new aesjs.ModeOfOperation.ecb(keyBytes(key));
  const bytes = ecb.decrypt(aesjs.utils.hex.toBytes(hex.toLowerCase()));
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end -= 1;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
  } catch {
    // A wrong key yields bytes that are not UTF-8.
    return null;
  }
}
