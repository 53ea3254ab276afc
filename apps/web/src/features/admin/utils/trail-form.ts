import { ADMIN_FORM_ACTIVITIES, DIFFICULTIES, type Difficulty } from '@trailbuddy/shared/contracts/enums';
import { parseLocation } from '@trailbuddy/shared/data/locations';
import type { WeekendDay } from '@trailbuddy/shared/domain/schedule';
import type { CreateTrailBody } from '../api/create-trail';

/** SPEC §5 / §8 alert when a required field is empty. */
export const REQUIRED_FIELDS_ALERT = 'Please fill in all required fields.';
export const CHECK_FIELDS_ALERT = 'Please correct the highlighted fields.';

export const HOURS_MAX = 48;
export const NAME_MAX = 120;

export type AdminActivity = (typeof ADMIN_FORM_ACTIVITIES)[number];

export interface TrailFormValues {
  name: string;
  location: string;
  length: string;
  /** As typed; parsed on submit. */
  hours: string;
  difficulty: Difficulty | '';
  activity: AdminActivity | '';
  description: string;
  linkmap: string;
  weekendDay: WeekendDay;
}

export type TrailFormField = keyof TrailFormValues | 'image' | 'map';
export type TrailFormErrors = Partial<Record<TrailFormField, string>>;

export const EMPTY_TRAIL_FORM: TrailFormValues = {
  name: '',
  location: '',
  length: '',
  hours: '',
  difficulty: '',
  activity: '',
  description: '',
  linkmap: '',
  weekendDay: 'saturday',
};

/** The order fields appear in the form: the first one in error gets the focus. */
export const FIELD_ORDER: readonly TrailFormField[] = [
  'name',
  'location',
  'length',
  'hours',
  'difficulty',
  'activity',
  'weekendDay',
  'description',
  'linkmap',
  'image',
  'map',
];

const REQUIRED_MESSAGES: Record<Exclude<keyof TrailFormValues, 'weekendDay'>, string> = {
  name: 'Enter the trail name.',
  location: 'Enter the location as City, Country.',
  length: 'Enter the length, such as 10.1 km.',
  hours: 'Enter the hours.',
  difficulty: 'Choose a difficulty.',
  activity: 'Choose an activity.',
  description: 'Enter a description.',
  linkmap: 'Enter the map link.',
};

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface TrailFormCheck {
  errors: TrailFormErrors;
  /** True when at least one required field is empty (the spec's alert applies). */
  missingRequired: boolean;
}

/** SPEC §5: name, location, length, hours (number), difficulty, activity, description and map link are required. */
export function validateTrailForm(values: TrailFormValues): TrailFormCheck {
  const errors: TrailFormErrors = {};
  let missingRequired = false;
  for (const [field, message] of Object.entries(REQUIRED_MESSAGES) as [keyof typeof REQUIRED_MESSAGES, string][]) {
    if (values[field].trim() === '') {
      errors[field] = message;
      missingRequired = true;
    }
  }

  if (!errors.name && values.name.trim().length > NAME_MAX) errors.name = `Keep the name under ${NAME_MAX} characters.`;
  if (!errors.location) {
    const { city, country } = parseLocation(values.location);
    if (!city || !country) errors.location = 'Location must be written as "City, Country".';
  }
  if (!errors.hours) {
    const hours = Number(values.hours);
    if (!Number.isFinite(hours) || hours <= 0) errors.hours = 'Hours must be a number greater than 0.';
    else if (hours > HOURS_MAX) errors.hours = `Hours must be ${HOURS_MAX} or less.`;
  }
  if (!errors.linkmap && !isHttpUrl(values.linkmap.trim())) errors.linkmap = 'Map link must be a valid URL, starting with https://.';

  return { errors, missingRequired };
}

/** The request body for POST /api/trails; call only after validateTrailForm found nothing. */
export function toCreateTrailBody(values: TrailFormValues, keys: { image?: string; map?: string }): CreateTrailBody {
  return {
    name: values.name.trim(),
    location: values.location.trim(),
    length: values.length.trim(),
    hours: Number(values.hours),
    difficulty: values.difficulty as Difficulty,
    activity: values.activity as AdminActivity,
    description: values.description.trim(),
    linkmap: values.linkmap.trim(),
    weekendDay: values.weekendDay,
    ...(keys.image ? { image: keys.image } : {}),
    ...(keys.map ? { map: keys.map } : {}),
  };
}

/** The server's `fields` (names as in the request body) as form errors. */
export function serverFieldErrors(fields: Record<string, string> | undefined): TrailFormErrors {
  const errors: TrailFormErrors = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    if ((FIELD_ORDER as readonly string[]).includes(name)) errors[name as TrailFormField] = message;
  }
  return errors;
}

export const DIFFICULTY_OPTIONS = DIFFICULTIES;
export const ACTIVITY_LABELS: Record<AdminActivity | 'biking', string> = { hiking: 'Hiking', running: 'Running', biking: 'Biking' };
export const ACTIVITY_OPTIONS = ADMIN_FORM_ACTIVITIES;
export const WEEKEND_DAY_LABELS: Record<WeekendDay, string> = { saturday: 'Saturday', sunday: 'Sunday' };
