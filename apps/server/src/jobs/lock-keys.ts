/**
 * PostgreSQL advisory-lock keys of the background jobs (ARCHITECTURE §1: every instance runs
 * the jobs, each run takes its key so exactly one instance does it). Keys are one bigint
 * namespace shared by everything connected to the database, so ours sit under a fixed
 * prefix (0x5442 = "TB") instead of small numbers another tool might also pick.
 * Never renumber a key: instances of two versions running side by side must agree on it.
 */
export const MAIL_DELIVERY = 0x5442_0000_0001n;
export const MATCH_EXPIRY = 0x5442_0000_0002n;
export const TRAIL_RECURRENCE = 0x5442_0000_0003n;
export const LIVE_EVENTS_PRUNE = 0x5442_0000_0004n;
export const SMS_DELIVERY = 0x5442_0000_0005n;

export const LOCK_KEYS = { MAIL_DELIVERY, MATCH_EXPIRY, TRAIL_RECURRENCE, LIVE_EVENTS_PRUNE, SMS_DELIVERY } as const;
export type LockKeyName = keyof typeof LOCK_KEYS;
