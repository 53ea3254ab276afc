import { MAX_TRAVEL_KM_MAX, MAX_TRAVEL_KM_MIN, maxTravelKmSchema } from '@trailbuddy/shared/contracts/profile';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useMe } from '../../../lib/queries/me';
import { useSaveTravelDistance } from '../api/save-travel-distance';

/** The personal profile's "how far will you travel to a trailhead" (issue 24, ADR 0057). Only its owner sees it. */
export default function TravelDistanceSection() {
  const me = useMe().data;
  if (!me) return null;
  return <TravelDistanceForm key={me.user.id} saved={me.profile.maxTravelKm} />;
}

function TravelDistanceForm({ saved }: { saved: number }) {
  const [km, setKm] = useState(String(saved));
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const save = useSaveTravelDistance();
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    const parsed = maxTravelKmSchema.safeParse(km.trim() === '' ? undefined : km);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the distance.');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: () => setDone(true) });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
      <h2 id={`${id}-title`} className="font-semibold text-stone-900">
        How far you will travel
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-3 space-y-4">
        <div className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
          <label htmlFor={`${id}-km`}>How far will you travel to a trailhead?</label>
          <span className="flex items-center gap-2">
            <input
              id={`${id}-km`}
              type="number"
              inputMode="numeric"
              min={MAX_TRAVEL_KM_MIN}
              max={MAX_TRAVEL_KM_MAX}
              value={km}
              aria-invalid={problem !== null}
              onChange={(event) => setKm(event.target.value)}
              className="w-24 rounded-lg px-2 py-1.5 ring-1 ring-stone-300 ring-inset"
            />
            km
          </span>
        </div>
        {problem && <Alert tone="error">{problem}</Alert>}
        {save.isError && <Alert tone="error">We couldn’t save the distance. Please try again.</Alert>}
        {done && <Alert tone="success">Saved.</Alert>}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save distance'}
        </Button>
      </form>
    </section>
  );
}
