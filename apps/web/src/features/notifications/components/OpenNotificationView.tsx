import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { useMarkRead, useNotification } from '../api/notifications';

/**
 * /notifications/:id, what a notification mail links to: once signed in (a members' view), it
 * marks the notification read and replaces itself with the view the notification is about.
 */
export default function OpenNotificationView({ notificationId }: { notificationId: string }) {
  const { navigate } = useNavigation();
  const notification = useNotification(notificationId);
  const markRead = useMarkRead();
  const opened = useRef(false);
  const item = notification.data;

  useEffect(() => {
    if (!item || opened.current) return;
    opened.current = true;
    if (!item.readAt) markRead.mutate(item.id);
    navigate(item.view, { replace: true });
  }, [item, markRead, navigate]);

  if (notification.isError) {
    return (
      <section className="mx-auto max-w-3xl space-y-3 px-4 py-6">
        <p>This notification is not one of yours, or it is gone.</p>
        <Button onClick={() => navigate({ name: 'notifications' }, { replace: true })}>See your notifications</Button>
      </section>
    );
  }
  return (
    <p role="status" className="mx-auto max-w-3xl px-4 py-6">
      Opening…
    </p>
  );
}
