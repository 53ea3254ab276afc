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
import { useState, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import {
  ADVENTURE_LABELS,
  COMMUNICATION_LABELS,
  GENDER_LABELS,
  PACE_LABELS,
  SKILL_LABELS,
} from '@trailbuddy/shared/contracts/profile-labels';
import {
  formFieldErrors,
  profileFormResolver,
  REQUIRED_FIELDS_MESSAGE,
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

/** The form both profile forms hold: flat values while typing, the checked request body on submit. */
export type ProfileForm = UseFormReturn<ProfileFormValues, unknown, CompleteRegistrationInput>;

export interface ProfileFormFieldsProps {
  form: ProfileForm;
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
export function ProfileFormFields({ form, disabled, afterName }: ProfileFormFieldsProps) {
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = form;
  // Each field's error under the field (ADR 0072): the shared schema's message, or the server's.
  const bind = (key: ProfileField, options?: Parameters<typeof register>[1]) => ({
    ...register(key, options),
    error: errors[key]?.message,
    disabled,
  });

  const country = watch('country');
  const bio = watch('bio');
  const cities = citiesOf(country).map((city) => ({ value: city, label: city }));
  const bioLength = bio.trim().length;
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
          // A city belongs to one country: choosing another country clears it.
          {...bind('country', { onChange: () => setValue('city', '') })}
        />
        <SelectField
          label="City"
          options={cities}
          emptyLabel={country ? 'Select a city' : 'Choose a country first'}
          required
          {...bind('city')}
          disabled={disabled || !country}
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
                {bio.length}/{BIO_MAX}
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
          // The box shows its own "@": one typed or pasted in front would read "@ @handle".
          {...bind('instagram', { onChange: (event) => setValue('instagram', withoutAt(String(event.target.value))) })}
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
 * Both profile forms ("Complete Your Profile" and the personal profile's edit mode) on
 * react-hook-form with the shared schema (ADR 0016, 0072), as the sign-in forms are: a refused
 * submit flags the fields, shows "Please fill in all required fields." and takes focus to the
 * first flagged field; after it each field is checked again as it changes, so correcting one
 * clears its flag, and the summary goes with the last one. A 400 that names fields flags them the
 * same way, in the server's words.
 */
export function useProfileForm({ initialValues, save, failureMessage }: ProfileFormOptions) {
  const form: ProfileForm = useForm({ defaultValues: initialValues(), resolver: profileFormResolver, reValidateMode: 'onChange' });
  const [failure, setFailure] = useState<string | null>(null);
  const flagged = Object.keys(form.formState.errors).length > 0;

  const submit = form.handleSubmit((payload) => {
    setFailure(null);
    save(payload, {
      onError: (error) => {
        const fieldErrors = error instanceof ApiError && error.status === 400 ? formFieldErrors(error.fields) : {};
        const named = Object.entries(fieldErrors) as [ProfileField, string][];
        if (named.length === 0) setFailure(failureMessage);
        named.forEach(([name, message], index) => form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 }));
      },
    });
  });

  return { form, problem: flagged ? REQUIRED_FIELDS_MESSAGE : failure, submit };
}
