/**
 * Mail params are text (they are EmailJS template_params as well), so times are formatted
 * before they are enqueued, in the trails' time zone: the reader cares about the local
 * start of the session, not the server's clock.
 */
export function formatMailDateTime(date: Date, timeZone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
