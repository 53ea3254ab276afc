import { Bell } from 'lucide-react';
import { followLink } from '../../../lib/location';
import { hrefOf } from '../../../lib/routes';
import { useUnreadCount } from '../api/notifications';

const LIST_HREF = hrefOf({ name: 'notifications' });

/** The header's bell: the unread count (kept right by the live events), a link to the list. */
export default function NotificationBell() {
  const unread = useUnreadCount().data ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

  return (
    <a
      href={LIST_HREF}
      onClick={(event) => followLink(event, LIST_HREF)}
      aria-label={label}
      data-testid="notification-bell"
      className="relative rounded-full p-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          data-testid="notification-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </a>
  );
}
