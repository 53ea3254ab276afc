import type { PushPayload } from '@trailbuddy/shared/contracts/push';

/** What the service worker shows for a push: a title and the Notification options. */
export interface PushNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const ICON = '/brand/icon-192.png';
const BADGE = '/brand/maskable-192.png';

/** An app path, never another site: a payload cannot send the person elsewhere. */
export function appPathOf(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

/**
 * The notification for a push message's text (a `PushPayload` as JSON). Browsers require every
 * push to show a notification, so a message that cannot be read still shows a plain one that
 * opens the app.
 */
export function pushNotificationOf(text: string | null | undefined): PushNotification {
  let payload: Partial<PushPayload> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (typeof parsed === 'object' && parsed !== null) payload = parsed as Partial<PushPayload>;
  } catch {
    // shown as the plain notification below
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'TrailBuddy';
  return {
    title,
    options: {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: ICON,
      badge: BADGE,
      // One notification per tag: a newer one replaces the older on the device.
      ...(typeof payload.tag === 'string' && payload.tag && { tag: payload.tag }),
      data: { url: appPathOf(payload.url) },
    },
  };
}
