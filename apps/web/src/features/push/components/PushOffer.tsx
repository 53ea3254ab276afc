import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { dismissOffer, offerDismissed, usePush } from '../use-push';

/**
 * "Get notified when someone answers?": offered right after the person started a search or
 * sent a request, when an answer is what they wait for (never on the page they landed on). The
 * browser's own permission prompt only comes after they tap Turn on. Not offered again once
 * answered, either way; the profile turns it on or off later. It takes its place at the top of the
 * page, in the flow: nothing of the view is under it, at any width.
 */
export default function PushOffer() {
  const { state, busy, failed, turnOn } = usePush();
  const [closed, setClosed] = useState(offerDismissed);
  if (closed || state !== 'off') return null;

  const close = () => {
    dismissOffer();
    setClosed(true);
  };
  return (
    <section aria-labelledby="push-offer-title" className="mb-6 rounded-2xl bg-white p-4 shadow-card ring-1 ring-stone-200">
      <div className="flex items-start gap-3">
        <BellRing className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="flex-1 space-y-3">
          <p id="push-offer-title" className="font-semibold text-stone-900">
            Get notified when someone answers?
          </p>
          {failed && <Alert tone="error">We couldn’t turn on notifications. Please try again.</Alert>}
          <div className="flex gap-2">
            <Button
              disabled={busy}
              onClick={() =>
                void turnOn().then(() => {
                  dismissOffer();
                })
              }
            >
              Turn on
            </Button>
            <Button variant="ghost" onClick={close}>
              Not now
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
