import { checkWith } from '@trailbuddy/shared/contracts/field-errors';
import { resolverOf } from '../../../lib/form-resolver';
import {
  profileFormSchema,
  type CompleteRegistrationInput,
  type Me,
  type OwnProfile,
  type ProfileFormInput,
} from '@trailbuddy/shared/contracts/profile';
import {
  PROFILE_DEFAULTS,
  type AdventureLevel,
  type CommunicationStyle,
  type Gender,
  type Pace,
  type SkillLevel,
} from '@trailbuddy/shared/contracts/enums';

/** product §5 and §8: the one message for a registration or profile form that is incomplete or invalid. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';

/** What the profile forms hold while someone types: numbers stay text until they are sent. */
export interface ProfileFormValues {
  fullName: string;
  age: string;
  gender: Gender | '';
  /** The country's English name, as the server stores it ("Portugal"). */
  country: string;
  city: string;
  hiking: SkillLevel;
  running: SkillLevel;
  biking: SkillLevel;
  bio: string;
  instagram: string;
  pace: Pace;
  communication: CommunicationStyle;
  adventureLevel: AdventureLevel;
}

export type ProfileField = keyof ProfileFormValues;
export type FieldErrors = Partial<Record<ProfileField, string>>;

/**
 * The registration form's first state (product §3): the name comes from the account's display
 * name; age, gender, location, bio and instagram start empty; skills and preferences start at
 * the profile's values, which are the spec's defaults for a new user.
 */
export function registrationDefaults(me: Me): ProfileFormValues {
  return {
    fullName: me.user.name,
    age: '',
    gender: '',
    country: '',
    city: '',
    hiking: me.profile.skills.hiking ?? PROFILE_DEFAULTS.skills.hiking,
    running: me.profile.skills.running ?? PROFILE_DEFAULTS.skills.running,
    biking: me.profile.skills.biking ?? PROFILE_DEFAULTS.skills.biking,
    bio: '',
    instagram: '',
    pace: me.profile.preferences.pace ?? PROFILE_DEFAULTS.preferences.pace,
    communication: me.profile.preferences.communication ?? PROFILE_DEFAULTS.preferences.communication,
    adventureLevel: me.profile.preferences.adventureLevel ?? PROFILE_DEFAULTS.preferences.adventureLevel,
  };
}

/** The personal-profile form starts from what is saved. */
export function valuesFromProfile(profile: OwnProfile): ProfileFormValues {
  return {
    fullName: profile.name,
    age: profile.age === null ? '' : String(profile.age),
    gender: profile.gender ?? '',
    country: profile.country ?? '',
    city: profile.city ?? '',
    hiking: profile.skills.hiking,
    running: profile.skills.running,
    biking: profile.skills.biking,
    bio: profile.bio ?? '',
    // The box shows its own "@" before the handle; a stored "@name" would read "@@name".
    instagram: instagramHandle(profile.instagram ?? ''),
    pace: profile.preferences.pace,
    communication: profile.preferences.communication,
    adventureLevel: profile.preferences.adventureLevel,
  };
}

/** "@trail.ana" and "trail.ana" are the same handle; the stored form has no "@". */
export function instagramHandle(text: string): string {
  return text.trim().replace(/^@+/, '').trim();
}

/** The form's flat values as the shared profile-form schema reads them (nested, as the API takes them). */
function toSchemaInput(values: ProfileFormValues): ProfileFormInput {
  return {
    fullName: values.fullName,
    age: values.age,
    gender: values.gender as Gender,
    country: values.country,
    city: values.city,
    skills: { hiking: values.hiking, running: values.running, biking: values.biking },
    bio: values.bio,
    instagram: instagramHandle(values.instagram),
    preferences: { pace: values.pace, communication: values.communication, adventureLevel: values.adventureLevel },
  };
}

/** react-hook-form's resolver for both profile forms: what passes is the request body. */
export const profileFormResolver = resolverOf((values: ProfileFormValues) => {
  const checked = checkProfileForm(values);
  return checked.ok ? { ok: true, body: checked.payload } : checked;
});

export type ProfileFormCheck = { ok: true; payload: CompleteRegistrationInput } | { ok: false; errors: FieldErrors };

/**
 * product §5 "Registration", checked with the shared schema the server validates the request with
 * (ADR 0016): the same rules and the same messages. What passes is the body of `PUT
 * /api/me/registration` and (every field) of `PATCH /api/me/profile`. That the city belongs to
 * the country is the server's check, against the same data module the city list comes from.
 */
export function checkProfileForm(values: ProfileFormValues): ProfileFormCheck {
  const checked = checkWith(profileFormSchema, toSchemaInput(values));
  return checked.ok ? { ok: true, payload: checked.data } : { ok: false, errors: formFieldErrors(checked.fields) };
}

const SERVER_FIELD_NAMES: Record<string, ProfileField> = {
  fullName: 'fullName',
  age: 'age',
  gender: 'gender',
  country: 'country',
  city: 'city',
  bio: 'bio',
  instagram: 'instagram',
  'skills.hiking': 'hiking',
  'skills.running': 'running',
  'skills.biking': 'biking',
  'preferences.pace': 'pace',
  'preferences.communication': 'communication',
  'preferences.adventureLevel': 'adventureLevel',
};

/** The schema and the server name nested fields by path ("skills.hiking"); the form names them flat. */
export function formFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    const field = SERVER_FIELD_NAMES[name];
    if (field) errors[field] ??= message;
  }
  return errors;
}
