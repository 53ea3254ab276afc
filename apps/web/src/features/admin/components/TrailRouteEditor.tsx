import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { setTrailheadSchema, type TrailRoute } from '@trailbuddy/shared/contracts/trail-route';
import { formatDistance } from '@trailbuddy/shared/domain/distance';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/error-message';
import { setTrailhead, uploadTrailRoute } from '../api/trail-route';

/**
 * A trail's trailhead and GPX route (ADR 0057), folded under its row: the upload answers the
 * facts and the difficulty they suggest. Live events refresh the lists once saved.
 */
export function TrailRouteEditor({ trail }: { trail: Trail }) {
  const [latitude, setLatitude] = useState(trail.trailhead ? String(trail.trailhead.latitude) : '');
  const [longitude, setLongitude] = useState(trail.trailhead ? String(trail.trailhead.longitude) : '');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [uploaded, setUploaded] = useState<TrailRoute | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ tone: 'success', text: await action() });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  function onTrailhead(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = setTrailheadSchema.safeParse({ latitude: latitude.trim() || undefined, longitude: longitude.trim() || undefined });
    if (!parsed.success) return setMessage({ tone: 'error', text: parsed.error.issues[0]?.message ?? 'Check the coordinates.' });
    void run(async () => {
      await setTrailhead(trail.id, parsed.data);
      return 'Trailhead saved.';
    });
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    void run(async () => {
      const route = await uploadTrailRoute(trail.id, file);
      setUploaded(route);
      return 'Route saved.';
    });
  }

  const facts = uploaded ?? trail.route;
  return (
    <details className="mt-1 rounded-2xl bg-stone-50 px-3 py-2 text-sm ring-1 ring-stone-200">
      <summary className="cursor-pointer font-medium text-stone-700">Route and trailhead of {trail.name}</summary>
      <div className="mt-3 space-y-3">
        <p className="text-stone-600">
          {facts
            ? `Route: ${formatDistance(facts.distanceMeters)}, ${facts.elevationGainMeters} m up, ${facts.elevationLossMeters} m down, highest point ${facts.highestPointMeters} m.`
            : 'No route yet.'}
          {uploaded && ` Suggested difficulty: ${uploaded.suggestedDifficulty}.`}
        </p>
        <label className="flex flex-col gap-1 font-medium text-stone-800">
          GPX route file
          <input
            type="file"
            accept=".gpx,application/gpx+xml"
            disabled={busy}
            onChange={(event) => onFile(event.target.files?.[0])}
            className="text-sm"
          />
        </label>
        <form noValidate onSubmit={onTrailhead} className="flex flex-wrap items-end gap-2">
          <CoordinateField label="Trailhead latitude" value={latitude} onChange={setLatitude} />
          <CoordinateField label="Trailhead longitude" value={longitude} onChange={setLongitude} />
          <Button type="submit" variant="secondary" disabled={busy}>
            Save trailhead
          </Button>
        </form>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </div>
    </details>
  );
}

function CoordinateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1 font-medium text-stone-800">
      {label}
      <input
        inputMode="decimal"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-32 rounded-lg px-2 py-1.5 ring-1 ring-stone-300 ring-inset"
      />
    </label>
  );
}
