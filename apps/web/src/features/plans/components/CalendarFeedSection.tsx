import { CalendarSync, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/error-message';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

/**
 * The personal calendar feed: a secret URL any calendar app can subscribe to. The server keeps
 * only a hash of it, so the URL is shown once, when made; a new one replaces it (ADR 0027).
 */
export default function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [copied, setCopied] = useState(false);
  const url = create.data && feed.data?.active ? create.data.url : null;
  const busy = create.isPending || revoke.isPending;
  const error = create.error ?? revoke.error;

  async function copy() {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    setCopied(true);
  }

  return (
    <section aria-labelledby="calendar-feed-heading" className="space-y-3 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
      <h2 id="calendar-feed-heading" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        <CalendarSync className="size-4" aria-hidden="true" />
        Calendar feed
      </h2>
      <p className="text-sm text-stone-600">
        Subscribe to your hikes, requests and searches from any calendar app. Keep the address to yourself: anyone who has it can see your
        plans.
      </p>
      {url ? (
        <div className="space-y-2">
          <InputField label="Your calendar address" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy className="size-4" aria-hidden="true" />
            {copied ? 'Copied' : 'Copy address'}
          </Button>
          <p className="text-sm text-stone-500">This is the only time the address is shown. Make a new one if you lose it.</p>
        </div>
      ) : feed.data?.active ? (
        <p className="text-sm text-stone-700">Your calendar feed is on. Make a new address to see it again; the old one stops working.</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {feed.data?.active ? (
          <>
            <Button variant="secondary" disabled={busy} onClick={() => create.mutate()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              New address
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => revoke.mutate(undefined, { onSuccess: () => create.reset() })}>
              <Trash2 className="size-4" aria-hidden="true" />
              Turn off
            </Button>
          </>
        ) : (
          // Offered once it is known there is no feed; a dimmed button meanwhile would be unreadable.
          !feed.isPending && (
            <Button disabled={busy} onClick={() => create.mutate()}>
              <CalendarSync className="size-4" aria-hidden="true" />
              Create calendar feed
            </Button>
          )
        )}
      </div>
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
    </section>
  );
}
