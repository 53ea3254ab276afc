/**
 * Checks on request input that no route schema can be trusted to repeat: a NUL character, which
 * PostgreSQL refuses in text ("invalid byte sequence") however valid the rest of the value is,
 * and JSON nested so deeply that walking it (serialising it again, validating it) overflows
 * the stack. Both are answered with a 400 before any route sees the request.
 */

/** Deeper than any body the API takes (a few levels); far below what overflows the stack. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether the JSON text nests arrays and objects deeper than `limit`, found by one pass over
 * the characters (brackets inside strings do not count), without parsing it.
 */
export function jsonNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

const NUL = '\u0000';
/** A name a person can read in a message: the NUL itself shown as its escape. */
const readable = (name: string) => name.replaceAll(NUL, '\\u0000');

/**
 * The field (dotted path, as the validation errors name fields) of the first string or key
 * holding a NUL character in a parsed request part, `''` for the part itself, or null.
 * Parsed JSON is at most MAX_JSON_DEPTH deep, so the recursion is bounded.
 */
export function fieldWithNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${readable(key)}` : readable(key);
    if (key.includes(NUL)) return itemPath;
    const found = fieldWithNul(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}
