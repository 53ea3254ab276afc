/**
 * What a web push message carries, from the server's sender (`web-push`) to the service worker
 * that shows it. One notification per `tag`: a newer push with the same tag replaces the older
 * one on the device instead of stacking. `url` is an app path (`/matches/pending`), opened or
 * focused when the person taps the notification.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}
