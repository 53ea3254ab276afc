import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import {
  ABILITY_RETURN_STATES,
  ABILITY_TEXTS,
  ACTIVITY_FILE_ACCEPT,
  formatPace,
  formatSpeed,
  type ActivityImportOutcome,
} from '@trailbuddy/shared/contracts/ability-import';
import { ACTIVITIES, type Activity } from '@trailbuddy/shared/contracts/enums';
import { ACTIVITY_LABELS } from '@trailbuddy/shared/contracts/labels';
import { Activity as ActivityIcon, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/error-message';
import { connectHref, useDeleteAbility, useDisconnect, useImportFiles, useMyAbility, useProviderImport } from '../api/ability';

const km = (meters: number) => `${(meters / 1000).toFixed(meters < 10_000 ? 1 : 0)} km`;
const OUTCOME_TEXT = { imported: 'imported', duplicate: 'already imported', rejected: 'not imported' } as const;

/** `?ability=connected|denied|failed`: how a service's OAuth round trip ended. */
function returnedState() {
  const value = new URLSearchParams(window.location.search).get('ability');
  return ABILITY_RETURN_STATES.find((s) => s === value) ?? null;
}

/**
 * The profile's measured ability (issue 24, ADR 0056): per activity type, what the member's
 * imported activities of the last 12 months show, marked "measured" beside the declared levels
 * above it. Files are imported here; a configured service (Strava) is connected here; the member
 * can delete it all. Only the member sees this section.
 */
export default function MeasuredAbilitySection() {
  const query = useMyAbility();
  const [returned] = useState(returnedState);
  if (!query.data) return null;
  const { abilities, providers } = query.data;
  return (
    <section aria-labelledby="ability-title" className="mt-4 space-y-4 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
      <div>
        <h2 id="ability-title" className="flex items-center gap-2 font-semibold text-stone-900">
          <ActivityIcon className="size-4 text-brand-700" aria-hidden="true" />
          {ABILITY_TEXTS.title}
        </h2>
        <p className="text-sm text-stone-600">{ABILITY_TEXTS.intro}</p>
      </div>
      {returned && <Alert tone={returned === 'connected' ? 'success' : 'error'}>{ABILITY_TEXTS.returned[returned]}</Alert>}
      {abilities.length === 0 ? (
        <p className="text-sm text-stone-600">{ABILITY_TEXTS.none}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={ABILITY_TEXTS.title}>
          {abilities.map((a) => (
            <AbilityCard key={a.activity} ability={a} />
          ))}
        </ul>
      )}
      <ImportFilesForm />
      {providers.map((p) => (
        <ProviderRow key={p.id} provider={p} />
      ))}
      {abilities.length > 0 && <DeleteAbility />}
    </section>
  );
}

function AbilityCard({ ability: a }: { ability: MeasuredAbility }) {
  const facts: [string, string][] = [
    [
      a.activity === 'biking' ? ABILITY_TEXTS.flatSpeed : ABILITY_TEXTS.flatPace,
      a.flatPaceSecondsPerKm === null ? '—' : (a.activity === 'biking' ? formatSpeed : formatPace)(a.flatPaceSecondsPerKm),
    ],
    [ABILITY_TEXTS.climbRate, a.climbRateMetersPerHour === null ? '—' : `${a.climbRateMetersPerHour} m/h`],
    [ABILITY_TEXTS.longest, km(a.longestDistanceMeters)],
    [ABILITY_TEXTS.largestGain, `${Math.round(a.largestElevationGainMeters)} m`],
    [ABILITY_TEXTS.activities, String(a.activityCount)],
  ];
  return (
    <li className="rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200" aria-label={`${ACTIVITY_LABELS[a.activity]}, ${ABILITY_TEXTS.badge}`}>
      <p className="flex items-center justify-between font-medium text-stone-900">
        {ACTIVITY_LABELS[a.activity]}
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
          {ABILITY_TEXTS.badge}
        </span>
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-500">{label}</dt>
            <dd className="text-right font-medium text-stone-800 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function ImportFilesForm() {
  const [activity, setActivity] = useState<Activity>('hiking');
  const [outcomes, setOutcomes] = useState<ActivityImportOutcome[] | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const run = useImportFiles();
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const files = Array.from(inputRef.current?.files ?? []);
    if (files.length === 0) return;
    setOutcomes(null);
    run.mutate(
      { files, activity },
      {
        onSuccess: (result) => {
          setOutcomes(result.outcomes);
          if (inputRef.current) inputRef.current.value = '';
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm" htmlFor={`${id}-files`}>
          <span className="font-medium text-stone-800">{ABILITY_TEXTS.importLabel}</span>
          <input
            id={`${id}-files`}
            ref={inputRef}
            type="file"
            multiple
            accept={ACTIVITY_FILE_ACCEPT}
            required
            className="mt-1 block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:font-medium"
          />
        </label>
        <label className="block text-sm" htmlFor={`${id}-activity`}>
          <span className="font-medium text-stone-800">{ABILITY_TEXTS.fallbackLabel}</span>
          <select
            id={`${id}-activity`}
            value={activity}
            onChange={(e) => setActivity(e.target.value as Activity)}
            className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2"
          >
            {ACTIVITIES.map((a) => (
              <option key={a} value={a}>
                {ACTIVITY_LABELS[a]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Button type="submit" variant="secondary" disabled={run.isPending}>
        <Upload className="size-4" aria-hidden="true" />
        {run.isPending ? 'Importing…' : ABILITY_TEXTS.importButton}
      </Button>
      {run.error && <Alert tone="error">{errorMessage(run.error)}</Alert>}
      {outcomes && (
        <ul className="space-y-1 text-sm" aria-label="Import results">
          {outcomes.map((o, i) => (
            <li key={`${o.file}-${i}`} className={o.status === 'rejected' ? 'text-red-700' : 'text-stone-700'}>
              <span className="font-medium">{o.file}</span>: {OUTCOME_TEXT[o.status]}
              {o.activity && ` (${ACTIVITY_LABELS[o.activity].toLowerCase()})`}
              {o.reason && ` — ${o.reason}`}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

function ProviderRow({ provider }: { provider: { id: 'strava'; name: string; connected: boolean; lastImportAt: string | null } }) {
  const importer = useProviderImport();
  const disconnect = useDisconnect();
  if (!provider.connected) {
    return (
      <a href={connectHref(provider.id)} className={buttonClasses('secondary')}>
        {ABILITY_TEXTS.connect(provider.name)}
      </a>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" disabled={importer.isPending} onClick={() => importer.mutate(provider.id)}>
        {importer.isPending ? 'Importing…' : ABILITY_TEXTS.importFrom(provider.name)}
      </Button>
      <Button variant="secondary" disabled={disconnect.isPending} onClick={() => disconnect.mutate(provider.id)}>
        {ABILITY_TEXTS.disconnect(provider.name)}
      </Button>
      {(importer.error ?? disconnect.error) && <Alert tone="error">{errorMessage(importer.error ?? disconnect.error)}</Alert>}
    </div>
  );
}

function DeleteAbility() {
  const remove = useDeleteAbility();
  return (
    <Button
      variant="secondary"
      disabled={remove.isPending}
      onClick={() => {
        if (window.confirm(ABILITY_TEXTS.deleteConfirm)) remove.mutate();
      }}
    >
      <Trash2 className="size-4" aria-hidden="true" />
      {ABILITY_TEXTS.deleteButton}
    </Button>
  );
}
