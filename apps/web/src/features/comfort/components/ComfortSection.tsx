import { comfortPreferencesSchema, LANGUAGES, type ComfortPreferences, type Language } from '@trailbuddy/shared/contracts/comfort';
import { AGE_MAX, AGE_MIN } from '@trailbuddy/shared/contracts/enums';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useMe } from '../../../lib/queries/me';
import { useSaveComfort } from '../api/save-comfort';

const ageText = (age: number | null) => (age === null ? '' : String(age));
const ageOf = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The personal profile's comfort preferences (issue 14, ADR 0031): same gender only, an age band
 * and the languages the person speaks. Both people's choices apply to Best Matches, requests and
 * invitations, and the section says so; nobody else ever sees them.
 */
export default function ComfortSection() {
  const me = useMe().data;
  if (!me) return null;
  return <ComfortForm key={me.user.id} saved={me.profile.comfort} />;
}

function ComfortForm({ saved }: { saved: ComfortPreferences }) {
  const [sameGenderOnly, setSameGenderOnly] = useState(saved.sameGenderOnly);
  const [ageMin, setAgeMin] = useState(ageText(saved.ageMin));
  const [ageMax, setAgeMax] = useState(ageText(saved.ageMax));
  const [languages, setLanguages] = useState<readonly Language[]>(saved.languages);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const save = useSaveComfort();
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    const parsed = comfortPreferencesSchema.safeParse({
      sameGenderOnly,
      ageMin: ageOf(ageMin),
      ageMax: ageOf(ageMax),
      languages: LANGUAGES.filter((l) => languages.includes(l)),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check your comfort preferences.');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: () => setDone(true) });
  }

  const toggle = (language: Language) =>
    setLanguages((list) => (list.includes(language) ? list.filter((l) => l !== language) : [...list, language]));

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
      <h2 id={`${id}-title`} className="font-semibold text-stone-900">
        Who you hike with
      </h2>
      <p className="mb-4 text-sm text-stone-600">
        Optional. Best Matches, requests and invitations respect your choices and the other person’s. Only you see these.
      </p>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <label className="flex items-center gap-3 text-sm text-stone-800">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={sameGenderOnly}
            onChange={(event) => setSameGenderOnly(event.target.checked)}
          />
          Buddies of my gender only
        </label>
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-stone-800">Age of my buddies</legend>
          <div className="flex items-center gap-2 text-sm text-stone-700">
            <AgeBound label="From" value={ageMin} onChange={setAgeMin} />
            <AgeBound label="to" value={ageMax} onChange={setAgeMax} />
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-stone-800">Languages I speak</legend>
          <div className="flex flex-wrap gap-2">
            {LANGUAGES.map((language) => (
              <label
                key={language}
                className="flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1 text-sm ring-1 ring-stone-300 ring-inset has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600"
              >
                <input
                  type="checkbox"
                  className="accent-brand-700"
                  checked={languages.includes(language)}
                  onChange={() => toggle(language)}
                />
                {language}
              </label>
            ))}
          </div>
        </fieldset>
        {problem && <Alert tone="error">{problem}</Alert>}
        {save.isError && <Alert tone="error">We couldn’t save your preferences. Please try again.</Alert>}
        {done && <Alert tone="success">Saved.</Alert>}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save preferences'}
        </Button>
      </form>
    </section>
  );
}

function AgeBound({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex items-center gap-2">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={AGE_MIN}
        max={AGE_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-20 rounded-lg px-2 py-1.5 ring-1 ring-stone-300 ring-inset"
      />
    </label>
  );
}
