/**
 * Session revocations on the hub's LISTEN connection (ADR 0058): migration 0033's triggers write a
 * `session_revocations` row and NOTIFY this channel in the transaction that deletes a session or
 * changes what Better Auth caches of a user. They are not live events: no browser receives them.
 */
export const SESSION_REVOCATIONS_CHANNEL = 'tb_session_revocations';

export interface SessionRevocation {
  /** Sessions deleted (signed out, revoked, banned, deleted with their account). */
  sessionIds: string[];
  /** Users whose every cached session must be read again (disabled, or a cached field changed). */
  userIds: string[];
}

/** What an instance holds of the revocations any instance commits, and when it may rely on them. */
export interface RevocationFeed {
  /** Every revocation committed while the listener is up, in commit order. */
  onRevocation(listener: (revocation: SessionRevocation) => void): () => void;
  /**
   * `false` as soon as the LISTEN connection is lost (revocations may be missed from then on),
   * `true` once LISTEN is active again on a new one (and after the first connect).
   */
  onListening(listener: (listening: boolean) => void): () => void;
  /** Whether LISTEN is active now. */
  readonly listening: boolean;
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** A NOTIFY body that is a JSON object, or undefined. */
export function parseNoticeObject(payload: string | undefined): Record<string, unknown> | undefined {
  if (!payload) return undefined;
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The NOTIFY body written by record_session_revocation: the lists, or `{ id }` when they were too long. */
export function parseRevocationNotice(payload: string | undefined): (SessionRevocation & { id: number }) | { id: number } | undefined {
  const v = parseNoticeObject(payload);
  if (!v || typeof v.id !== 'number' || !Number.isSafeInteger(v.id)) return undefined;
  if (!('sessionIds' in v) && !('userIds' in v)) return { id: v.id };
  if (!isStringArray(v.sessionIds) || !isStringArray(v.userIds)) return undefined;
  return { id: v.id, sessionIds: v.sessionIds, userIds: v.userIds };
}
