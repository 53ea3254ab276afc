import {
  ADVENTURE_LEVELS,
  AGE_MAX,
  AGE_MIN,
  BIO_MAX,
  BIO_MIN,
  COMMUNICATION_STYLES,
  GENDERS,
  PACES,
  SKILL_LEVELS,
} from '@trailbuddy/shared/contracts/enums';
import { citiesOf, PROFILE_COUNTRIES } from '@trailbuddy/shared/data/locations';
import type { CompleteRegistrationInput } from '@trailbuddy/shared/contracts/profile';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { ADVENTURE_LABELS, COMMUNICATION_LABELS, GENDER_LABELS, PACE_LABELS, SKILL_LABELS } from '../../../components/profile-labels';
import {
  checkProfileForm,
  formFieldErrors,
  REQUIRED_FIELDS_MESSAGE,
  type FieldErrors,
  type ProfileField,
  type ProfileFormValues,
} from '../utils/profile-form';
import { InputField, SelectField, TextAreaField } from '../../../components/ui/Field';

/** The handle as typed, without the "@" in front that the box already shows. */
const withoutAt = (text: string) => text.replace(/^\s*@+/, '');

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const GENDER_OPTIONS = options(GENDERS, GENDER_LABELS);
const SKILL_OPTIONS = options(SKILL_LEVELS, SKILL_LABELS);
const PACE_OPTIONS = options(PACES, PACE_LABELS);
const COMMUNICATION_OPTIONS = options(COMMUNICATION_STYLES, COMMUNICATION_LABELS);
const ADVENTURE_OPTIONS = options(ADVENTURE_LEVELS, ADVENTURE_LABELS);
const COUNTRY_OPTIONS = PROFILE_COUNTRIES.map((country) => ({ value: country.name, label: country.name }));

export interface ProfileFormFieldsProps {
  values: ProfileFormValues;
  errors: FieldErrors;
  onChange: (changes: Partial<ProfileFormValues>) => void;
  disabled?: boolean;
  /** Rendered right after the name, e.g. the read-only e-mail of the personal profile. */
  afterName?: ReactNode;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-xs font-semibold tracking-wide text-stone-500 uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The fields of "Complete Your Profile" (product §5), shared with the personal profile's edit mode. */
export function ProfileFormFields({ values, errors, onChange, disabled, afterName }: ProfileFormFieldsProps) {
  const bind = <K extends ProfileField>(key: K) => ({
    value: values[key],
    error: errors[key],
    disabled,
    onChange: (event: { target: { value: string } }) => onChange({ [key]: event.target.value } as Partial<ProfileFormValues>),
  });

  const cities = citiesOf(values.country).map((city) => ({ value: city, label: city }));
  const bioLength = values.bio.trim().length;
  const bioOutOfRange = bioLength > 0 && (bioLength < BIO_MIN || bioLength > BIO_MAX);

  return (
    <div className="space-y-6">
      <Section title="About you">
        <InputField label="Full name" autoComplete="name" required {...bind('fullName')} />
        {afterName}
        <div className="grid grid-cols-2 gap-x-3">
          <InputField label="Age" type="number" inputMode="numeric" min={AGE_MIN} max={AGE_MAX} step={1} required {...bind('age')} />
          <SelectField label="Gender" options={GENDER_OPTIONS} emptyLabel="Select…" required {...bind('gender')} />
        </div>
        <SelectField
          label="Country"
          options={COUNTRY_OPTIONS}
          emptyLabel="Select a country"
          required
          {...bind('country')}
          // A city belongs to one country: choosing another country clears it.
          onChange={(event) => onChange({ country: event.target.value, city: '' })}
        />
        <SelectField
          label="City"
          options={cities}
          emptyLabel={values.country ? 'Select a city' : 'Choose a country first'}
          required
          {...bind('city')}
          disabled={disabled || !values.country}
        />
      </Section>

      <Section title="Experience">
        <SelectField label="Hiking experience" options={SKILL_OPTIONS} required {...bind('hiking')} />
        <SelectField label="Running experience" options={SKILL_OPTIONS} required {...bind('running')} />
        <SelectField label="Biking experience" options={SKILL_OPTIONS} required {...bind('biking')} />
        <TextAreaField
          label="Bio"
          rows={4}
          maxLength={BIO_MAX}
          required
          placeholder="What do you enjoy outdoors? Favourite trails, pace, goals…"
          hint={
            <span className="flex justify-between gap-2">
              <span>
                {BIO_MIN} to {BIO_MAX} characters.
              </span>
              <span className={bioOutOfRange ? 'font-medium text-red-700' : undefined}>
                {values.bio.length}/{BIO_MAX}
              </span>
            </span>
          }
          {...bind('bio')}
        />
        <InputField
          label="Instagram handle"
          prefix="@"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="Optional. Buddies write to each other in the hike's conversation."
          {...bind('instagram')}
          // The box shows its own "@": one typed or pasted in front would read "@ @handle".
          onChange={(event) => onChange({ instagram: withoutAt(event.target.value) })}
        />
      </Section>

      <Section title="Preferences">
        <SelectField label="Pace" options={PACE_OPTIONS} {...bind('pace')} />
        <div className="grid grid-cols-2 gap-x-3">
          <SelectField label="Communication" options={COMMUNICATION_OPTIONS} {...bind('communication')} />
          <SelectField label="Adventure level" options={ADVENTURE_OPTIONS} {...bind('adventureLevel')} />
        </div>
      </Section>
    </div>
  );
}

export interface ProfileFormOptions {
  initialValues: () => ProfileFormValues;
  /** Sends the checked payload; calls back on failure so the form can show what went wrong. */
  save: (payload: CompleteRegistrationInput, callbacks: { onError: (error: unknown) => void }) => void;
  /** The message for a failure that names no field (product §8: registration and profile update differ). */
  failureMessage: string;
}

/**
 * The state and submit logic both profile forms share ("Complete Your Profile" and the personal
 * profile's edit mode): a refused submit flags the fields, shows "Please fill in all required
 * fields." and takes focus to the first flagged field; correcting a field clears its flag, and
 * the summary goes with the last one. Server field errors are shown the same way.
 */
export function useProfileForm({ initialValues, save, failureMessage }: ProfileFormOptions) {
  const [values, setValues] = useState<ProfileFormValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, take the person to the first field that needs attention.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  function refuse(fieldErrors: FieldErrors) {
    setErrors(fieldErrors);
    setProblem(REQUIRED_FIELDS_MESSAGE);
    setAttempt((n) => n + 1);
  }

  function change(changes: Partial<ProfileFormValues>) {
    setValues((current) => ({ ...current, ...changes }));
    // A field someone corrects stops being flagged; the others keep their message.
    const next = { ...errors };
    for (const key of Object.keys(changes) as ProfileField[]) delete next[key];
    setErrors(next);
    // Once every flagged field is fixed, the summary has nothing left to say.
    if (problem === REQUIRED_FIELDS_MESSAGE && Object.keys(next).length === 0) setProblem(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkProfileForm(values);
    if (!checked.ok) {
      refuse(checked.errors);
      return;
    }
    setErrors({});
    setProblem(null);
    save(checked.payload, {
      onError: (error) => {
        const fieldErrors = error instanceof ApiError && error.status === 400 ? formFieldErrors(error.fields) : {};
        if (Object.keys(fieldErrors).length > 0) refuse(fieldErrors);
        else setProblem(failureMessage);
      },
    });
  }

  return { values, errors, problem, formRef, change, submit };
}
