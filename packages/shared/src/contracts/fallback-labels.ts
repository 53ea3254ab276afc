/**
 * product §8's fallback labels: what the app shows in place of a value that is missing or cannot
 * be read, word for word, wherever that value appears (web views, formatted dates, mails).
 */
export const FALLBACK_LABELS = {
  unknownTrail: 'Unknown Trail',
  unknownPlayer: 'Unknown Player',
  unknownPartner: 'Unknown Partner',
  unknownDate: 'Unknown Date',
  invalidDate: 'Invalid date',
  invalidTime: 'Invalid time',
  notAvailable: 'N/A',
} as const;
export type FallbackLabel = (typeof FALLBACK_LABELS)[keyof typeof FALLBACK_LABELS];
