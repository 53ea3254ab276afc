import { ApiError, api, request } from './api-client';

/**
 * This browser's web push subscription (ADR 0024): asked for only after the person agrees, kept
 * on the server for the signed-in person, dropped on request and on sign-out. Loaded on use.
 */

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** Push needs a service worker (the production build registers one) and the Push and Notification APIs. */
async function workerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

/** Whether this browser receives the person's push notifications now. */
export async function pushState(): Promise<PushState> {
  const registration = await workerRegistration();
  if (!registration) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && (await registration.pushManager.getSubscription()) ? 'on' : 'off';
}

/** The VAPID public key in base64url → the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser's permission (call it from a tap: browsers only ask then), subscribes this
 * browser with the server's VAPID key and gives the subscription to the server.
 */
export async function enablePush(): Promise<PushState> {
  const registration = await workerRegistration();
  if (!registration) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { publicKey } = await api.get<{ publicKey: string }>('/api/push/public-key');
  const applicationServerKey = keyBytes(publicKey);
  const options = { userVisibleOnly: true, applicationServerKey };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch (error) {
    // Subscribed before under another server key (the keys were replaced): start over once.
    const previous = await registration.pushManager.getSubscription();
    if (!previous) throw error;
    await previous.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
  }
  await api.post('/api/push/subscriptions', subscription.toJSON());
  return 'on';
}

/** Stops push in this browser: the server forgets the subscription, then the browser drops it. */
export async function disablePush(signal?: AbortSignal): Promise<void> {
  const subscription = await (await workerRegistration())?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await request('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint }, signal });
  } catch (error) {
    // Not this person's (or already gone): nothing of theirs to remove on the server.
    if (!(error instanceof ApiError && (error.status === 404 || error.status === 401))) throw error;
  }
  await subscription.unsubscribe();
}
