import { ADMIN_FORM_ACTIVITIES, DIFFICULTIES, type Difficulty } from '@trailbuddy/shared/contracts/enums';
import { checkWith } from '@trailbuddy/shared/contracts/field-errors';
import type { CreateTrailInput, Trail } from '@trailbuddy/shared/contracts/trail';
import { trailFormSchema } from '@trailbuddy/shared/contracts/trail-form';
import { trailStartTimes, type WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { resolverOf, type FormCheck } from '../../../lib/form-resolver';

/** product §5 / §8 alert when a required field is empty. */
export const REQUIRED_FIELDS_ALERT = 'Please fill in all required fields.';
export const CHECK_FIELDS_ALERT = 'Please correct the highlighted fields.';

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
  /** "HH:MM" each, as the time boxes hold them (ADR 0065). */
  startTimes: string[];
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
  startTimes: ['10:00'],
};

/**
 * The form filled with a listed trail, to edit it (issue 23). A trail that offers its session's
 * time only shows that time on the administrator's clock (by default the browser's), which is
 * the trails' clock where the administrators are.
 */
export function trailFormValuesOf(trail: Trail, timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone): TrailFormValues {
  return {
    name: trail.name,
    location: trail.location,
    length: trail.length,
    hours: String(trail.hours),
    difficulty: trail.difficulty,
    activity: trail.activity,
    description: trail.description,
    linkmap: trail.linkmap,
    weekendDay: trail.weekendDay,
    startTimes: trailStartTimes({ startTimes: trail.startTimes, startTime: new Date(trail.startTime) }, { timeZone }),
  };
}

const REQUIRED_FIELDS = ['name', 'location', 'length', 'hours', 'difficulty', 'activity', 'description', 'linkmap'] as const;

/** The order fields appear in the form: the first one in error gets the focus. */
export const FIELD_ORDER: readonly TrailFormField[] = [
  'name',
  'location',
  'length',
  'hours',
  'difficulty',
  'activity',
  'weekendDay',
  'startTimes',
  'description',
  'linkmap',
  'image',
  'map',
];

/**
 * product §5 "Adding a trail", checked with the shared form schema derived from the request the
 * server validates (ADR 0016): the same rules and messages. What passes is the request body.
 */
export function checkTrailForm(values: TrailFormValues): FormCheck<CreateTrailInput> {
  const checked = checkWith(trailFormSchema, values);
  return checked.ok ? { ok: true, body: checked.data } : { ok: false, errors: serverFieldErrors(checked.fields) };
}

/** react-hook-form's resolver for the trail form (ADR 0072). */
export const trailFormResolver = resolverOf(checkTrailForm);

/** The alert of a refused form: the spec's "required" one when a required field is empty. */
export const refusalAlert = (values: TrailFormValues) =>
  REQUIRED_FIELDS.some((field) => values[field].trim() === '') ? REQUIRED_FIELDS_ALERT : CHECK_FIELDS_ALERT;

/** The server's (or the schema's) `fields`, named as in the request body, as form errors. */
export function serverFieldErrors(fields: Record<string, string> | undefined): TrailFormErrors {
  const errors: TrailFormErrors = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    if ((FIELD_ORDER as readonly string[]).includes(name)) errors[name as TrailFormField] = message;
  }
  return errors;
}

export const DIFFICULTY_OPTIONS = DIFFICULTIES;
export const ACTIVITY_OPTIONS = ADMIN_FORM_ACTIVITIES;
