/**
 * Retry timing and error text shared by the outbox workers (mail, SMS): each row that fails is
 * tried again later, further apart each time, and keeps a bounded note of why it failed.
 */
const BASE_BACKOFF_MS = 10_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** 10 s, 20 s, 40 s ... capped at 1 h: a short outage heals fast, a long one is not hammered. */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** The failure as one line for the outbox row's `last_error` column. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.slice(0, 1000);
}
