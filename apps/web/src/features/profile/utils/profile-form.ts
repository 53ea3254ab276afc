import type { CompleteRegistrationInput, Me, OwnProfile } from '@trailbuddy/shared/contracts/profile';
import {
  AGE_MAX,
  AGE_MIN,
  BIO_MAX,
  BIO_MIN,
  GENDERS,
  PROFILE_DEFAULTS,
  type AdventureLevel,
  type CommunicationStyle,
  type Gender,
  type Pace,
  type SkillLevel,
} from '@trailbuddy/shared/contracts/enums';
import { findCountry, isKnownCity } from '@trailbuddy/shared/data/locations';

/** SPEC §5 and §8: the one message for a registration or profile form that is incomplete or invalid. */
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
  bio: string;
  instagram: string;
  pace: Pace;
  communication: CommunicationStyle;
  adventureLevel: AdventureLevel;
}

export type ProfileField = keyof ProfileFormValues;
export type FieldErrors = Partial<Record<ProfileField, string>>;

/**
 * The registration form's first state (SPEC §3): the name comes from the account's display
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
    bio: profile.bio ?? '',
    // The box shows its own "@" before the handle; a stored "@name" would read "@@name".
    instagram: instagramHandle(profile.instagram ?? ''),
    pace: profile.preferences.pace,
    communication: profile.preferences.communication,
    adventureLevel: profile.preferences.adventureLevel,
  };
}

const AGE_PATTERN = /^\d+$/;

/** SPEC §5 "Registration": every field is required; age 1–120; bio 10–500 characters; city of the chosen country. */
export function validateProfileForm(values: ProfileFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.fullName.trim()) errors.fullName = 'Full name is required.';

  const age = values.age.trim();
  if (!age) errors.age = 'Age is required.';
  else if (!AGE_PATTERN.test(age) || Number(age) < AGE_MIN || Number(age) > AGE_MAX) {
    errors.age = `Age must be between ${AGE_MIN} and ${AGE_MAX}.`;
  }

  if (!(GENDERS as readonly string[]).includes(values.gender)) errors.gender = 'Gender is required.';
  if (!findCountry(values.country)) errors.country = 'Country is required.';
  if (!values.city) errors.city = 'City is required.';
  else if (!isKnownCity(values.country, values.city)) errors.city = 'Choose a city in the chosen country.';

  const bioLength = values.bio.trim().length;
  if (bioLength === 0) errors.bio = 'Bio is required.';
  else if (bioLength < BIO_MIN || bioLength > BIO_MAX) errors.bio = `Bio must be between ${BIO_MIN} and ${BIO_MAX} characters.`;

  if (!instagramHandle(values.instagram)) errors.instagram = 'Instagram handle is required.';
  return errors;
}

/** "@trail.ana" and "trail.ana" are the same handle; the stored form has no "@". */
export function instagramHandle(text: string): string {
  return text.trim().replace(/^@+/, '').trim();
}

/** The body of `PUT /api/me/registration`, and (every field) of `PATCH /api/me/profile`. */
export function toProfilePayload(values: ProfileFormValues): CompleteRegistrationInput {
  return {
    fullName: values.fullName.trim(),
    age: Number(values.age.trim()),
    gender: values.gender as Gender,
    country: values.country,
    city: values.city,
    skills: { hiking: values.hiking, running: values.running },
    bio: values.bio.trim(),
    instagram: instagramHandle(values.instagram),
    preferences: { pace: values.pace, communication: values.communication, adventureLevel: values.adventureLevel },
  };
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
  'preferences.pace': 'pace',
  'preferences.communication': 'communication',
  'preferences.adventureLevel': 'adventureLevel',
};

/** The server names nested fields by path ("skills.hiking"); the form names them flat. */
export function fieldErrorsFromServer(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    const field = SERVER_FIELD_NAMES[name];
    if (field) errors[field] ??= message;
  }
  return errors;
}
