/** Loading third-party scripts (reCAPTCHA, Google Identity Services) with a timeout. */

/** product §9: a script that has not loaded after 5 s counts as failed. */
export const SCRIPT_LOAD_TIMEOUT_MS = 5_000;

const loaded = new Map<string, Promise<void>>();

/**
 * Adds `<script src async>` once per URL and resolves when it loads; rejects on an error event or
 * after `timeoutMs` (the element is removed then, so a later call tries again).
 */
export function loadScriptElement(doc: Document, src: string, timeoutMs = SCRIPT_LOAD_TIMEOUT_MS): Promise<void> {
  const existing = loaded.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    const fail = (message: string) => {
      clearTimeout(timer);
      script.remove();
      loaded.delete(src);
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail(`Timed out loading ${src}`), timeoutMs);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', () => fail(`Could not load ${src}`));
    doc.head.appendChild(script);
  });
  loaded.set(src, promise);
  return promise;
}

/** Forgets loaded scripts (tests). */
export function resetLoadedScripts(): void {
  loaded.clear();
}
