/** The cookies the widget writes: only what the e-mail-link protocol needs. */
export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, options: { maxAgeSeconds: number; path: string }): void;
  remove(name: string, path: string): void;
}

/** `document.cookie`: no domain, not secure-flagged (checklist §8). */
export function documentCookies(doc: Document = document): CookieJar {
  return {
    get(name) {
      const prefix = `${encodeURIComponent(name)}=`;
      for (const part of doc.cookie.split(/;\s*/)) {
        if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
      }
      return null;
    },
    set(name, value, { maxAgeSeconds, path }) {
      // A JSON-quoted hex blob is a valid cookie value as it is (RFC 6265 allows the quotes).
      const encoded = /^"?[0-9A-Za-z]*"?$/.test(value) ? value : encodeURIComponent(value);
      doc.cookie = `${encodeURIComponent(name)}=${encoded}; max-age=${maxAgeSeconds}; path=${path}`;
    },
    remove(name, path) {
      doc.cookie = `${encodeURIComponent(name)}=; max-age=0; path=${path}`;
    },
  };
}

/** An in-memory jar for tests, recording each write's options. */
export function memoryCookies(): CookieJar & { writes: Array<{ name: string; value: string; maxAgeSeconds: number; path: string }> } {
  const values = new Map<string, string>();
  const writes: Array<{ name: string; value: string; maxAgeSeconds: number; path: string }> = [];
  return {
    writes,
    get: (name) => values.get(name) ?? null,
    set(name, value, { maxAgeSeconds, path }) {
      writes.push({ name, value, maxAgeSeconds, path });
      if (maxAgeSeconds <= 0) values.delete(name);
      else values.set(name, value);
    },
    remove(name) {
      values.delete(name);
    },
  };
}
