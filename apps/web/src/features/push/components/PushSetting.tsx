import { Alert } from '../../../components/ui/Alert';
import { usePush } from '../use-push';

/**
 * The profile's switch for push notifications on this device: on asks the browser's permission
 * and subscribes; off unsubscribes it. Which kinds of notification come is chosen with the
 * notification preferences; this only says whether this browser receives them.
 */
export default function PushSetting() {
  const { state, busy, failed, turnOn, turnOff } = usePush();
  if (state === 'loading' || state === 'unsupported') return null;
  const on = state === 'on';
  return (
    <section aria-labelledby="push-setting-title" className="mt-4 space-y-3 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 id="push-setting-title" className="font-semibold text-stone-900">
            Push notifications on this device
          </h2>
          <p className="text-sm text-stone-600">
            {state === 'blocked'
              ? 'Notifications are blocked for TrailBuddy in this browser’s settings.'
              : 'Requests, answers and reminders, even when TrailBuddy is closed.'}
          </p>
        </div>
        <input
          type="checkbox"
          role="switch"
          aria-labelledby="push-setting-title"
          className="size-5 shrink-0 accent-brand-700"
          checked={on}
          disabled={busy || state === 'blocked'}
          onChange={() => void (on ? turnOff() : turnOn())}
        />
      </div>
      {failed && <Alert tone="error">We couldn’t change notifications on this device. Please try again.</Alert>}
    </section>
  );
}
