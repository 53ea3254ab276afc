// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../testing/test-utils';
import PushOffer from './PushOffer';
import PushSetting from './PushSetting';

/**
 * A browser with push: a registered worker without a subscription, and the Notification
 * permission as given. jsdom has neither, so they are set up here as a browser would expose them.
 */
function browserWithPush(
  permission: NotificationPermission,
  subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null = null,
) {
  const registration = { pushManager: { getSubscription: vi.fn(async () => subscription), subscribe: vi.fn() } };
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => 'denied') });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: vi.fn(async () => registration) } });
  return registration;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the push offer', () => {
  it('asks while the browser’s permission is undecided, and "Not now" puts it away for good', async () => {
    browserWithPush('default');
    const { unmount } = render(<PushOffer />);
    await screen.findByText('Get notified when someone answers?');
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText('Get notified when someone answers?')).toBeNull();
    unmount();

    render(<PushOffer />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Get notified when someone answers?')).toBeNull();
  });

  it('"Turn on" asks the browser; a refusal puts the offer away', async () => {
    browserWithPush('default');
    render(<PushOffer />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(Notification.requestPermission).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText('Get notified when someone answers?')).toBeNull());
  });

  it('is not made when notifications are already allowed or blocked, or the browser has no push', async () => {
    for (const permission of ['granted', 'denied'] as const) {
      browserWithPush(permission, permission === 'granted' ? { endpoint: 'https://push.example/1', unsubscribe: async () => true } : null);
      const { unmount } = render(<PushOffer />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText('Get notified when someone answers?')).toBeNull();
      unmount();
    }
  });
});

describe('the profile’s push switch', () => {
  it('shows this device on, and says when the browser blocks notifications', async () => {
    browserWithPush('granted', { endpoint: 'https://push.example/1', unsubscribe: async () => true });
    const { unmount } = render(<PushSetting />);
    expect(((await screen.findByRole('switch', { name: 'Push notifications on this device' })) as HTMLInputElement).checked).toBe(true);
    unmount();

    browserWithPush('denied');
    render(<PushSetting />);
    await screen.findByText(/blocked for TrailBuddy/);
    expect((screen.getByRole('switch') as HTMLInputElement).disabled).toBe(true);
  });
});
