import {
  channelEnabled,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@trailbuddy/shared/contracts/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/error-message';
import { usePreferences, useSavePreferences } from '../api/notifications';

const CHANNEL_LABELS: Record<NotificationChannel, string> = { inApp: 'In the app', email: 'E-mail', push: 'Push' };

/** The browser's zone, offered to someone who never chose one. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /me/notifications: per kind and channel, quiet hours (no e-mail or push between two times, in
 * the person's time zone). The server honours these on every path; this page only edits them.
 */
export default function NotificationPreferencesView() {
  const saved = usePreferences();
  const save = useSavePreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (saved.data && !draft) setDraft(saved.data);
  }, [saved.data, draft]);

  if (saved.isError) return <Alert tone="error">We couldn’t load your notification settings.</Alert>;
  if (!draft) return <p role="status">Loading…</p>;

  function toggle(kind: NotificationKind, channel: NotificationChannel, on: boolean) {
    setDone(false);
    setDraft((d) => d && { ...d, channels: { ...d.channels, [kind]: { ...d.channels[kind], [channel]: on } } });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    save.mutate(draft, { onSuccess: () => setDone(true) });
  }

  const quiet = draft.quietHours;

  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="notification-settings-title">
      <h1 id="notification-settings-title" className="mb-4 text-2xl font-bold text-stone-900">
        Notification settings
      </h1>
      <form onSubmit={submit} className="space-y-6">
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-2 text-left font-semibold">
                What
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="px-2 py-2 font-semibold">
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {NOTIFICATION_KIND_NAMES.map((kind) => (
              <tr key={kind}>
                <th scope="row" className="py-2 text-left font-normal">
                  {NOTIFICATION_KINDS[kind].label}
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="px-2 py-2 text-center">
                    <input
                      type="checkbox"
                      className="size-4"
                      aria-label={`${NOTIFICATION_KINDS[kind].label}: ${CHANNEL_LABELS[channel]}`}
                      checked={channelEnabled(draft, kind, channel)}
                      onChange={(e) => toggle(kind, channel, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>

        <fieldset className="space-y-3">
          <legend className="font-semibold">Quiet hours</legend>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4"
              checked={quiet !== null}
              onChange={(e) => {
                setDone(false);
                setDraft({
                  ...draft,
                  quietHours: e.target.checked ? { start: '22:00', end: '07:00' } : null,
                  timeZone: draft.timeZone || browserZone(),
                });
              }}
            />
            No e-mail or push between
          </label>
          {quiet ? (
            <div className="flex flex-wrap items-center gap-2">
              <input
                type="time"
                aria-label="Quiet hours start"
                value={quiet.start}
                onChange={(e) => setDraft({ ...draft, quietHours: { ...quiet, start: e.target.value } })}
                className="rounded-lg border border-stone-300 px-2 py-1"
              />
              <span>and</span>
              <input
                type="time"
                aria-label="Quiet hours end"
                value={quiet.end}
                onChange={(e) => setDraft({ ...draft, quietHours: { ...quiet, end: e.target.value } })}
                className="rounded-lg border border-stone-300 px-2 py-1"
              />
              <label className="flex items-center gap-2">
                Time zone
                <input
                  type="text"
                  aria-label="Time zone"
                  value={draft.timeZone}
                  onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}
                  className="rounded-lg border border-stone-300 px-2 py-1"
                />
              </label>
            </div>
          ) : null}
        </fieldset>

        {save.error ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
        {done ? <Alert tone="success">Saved.</Alert> : null}
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      </form>
    </section>
  );
}
