import type { NotificationItem } from '@trailbuddy/shared/contracts/notifications';
import { formatDateTime } from '@trailbuddy/shared/domain/date-format';
import { BellOff, Settings } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { useMarkAllRead, useMarkRead, useNotificationList } from '../api/notifications';

/** The notification list (/notifications): newest first, a page at a time, each entry opens its view. */
export default function NotificationsView() {
  const { navigate } = useNavigation();
  const list = useNotificationList();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  function open(item: NotificationItem) {
    if (!item.readAt) markRead.mutate(item.id);
    navigate(item.view);
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="notifications-title">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h1 id="notifications-title" className="text-2xl font-bold text-stone-900">
          Notifications
        </h1>
        <div className="flex items-center gap-1">
          <Button variant="ghost" onClick={() => markAllRead.mutate()} disabled={unread === 0 || markAllRead.isPending}>
            Mark all read
          </Button>
          <Button variant="ghost" onClick={() => navigate({ name: 'notification-preferences' })} aria-label="Notification settings">
            <Settings className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <p role="status">Loading notifications…</p>
      ) : list.isError ? (
        <div className="space-y-2">
          <p>We couldn’t load your notifications.</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="flex items-center gap-2 text-stone-600">
          <BellOff className="size-5" aria-hidden="true" /> Nothing yet. We’ll tell you here when something happens.
        </p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" data-testid="notification-list">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => open(item)}
                data-unread={item.readAt ? undefined : 'true'}
                className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-stone-50"
              >
                <span
                  aria-hidden="true"
                  className={`mt-2 size-2 shrink-0 rounded-full ${item.readAt ? 'bg-transparent' : 'bg-brand-700'}`}
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-stone-900">
                    {item.title}
                    {item.readAt ? null : <span className="sr-only"> (unread)</span>}
                  </span>
                  <span className="block text-sm text-stone-700">{item.body}</span>
                  <span className="block text-xs text-stone-500">{formatDateTime(item.createdAt)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            Show older
          </Button>
        </div>
      ) : null}
    </section>
  );
}
