import { z } from 'zod';
import { AGE_MAX, AGE_MIN } from './enums';

/**
 * Matching that respects comfort (issue 14, ADR 0031): a person may ask for buddies of their own
 * gender only, within an age band, and sharing a language. Best Matches, requests and invitations
 * honour both people's choices; nobody is ever told that someone filtered them out.
 */

/** The languages a person may say they speak: a fixed list, so two lists can be compared. */
export const LANGUAGES = [
  'English',
  'Portuguese',
  'Spanish',
  'French',
  'Italian',
  'German',
  'Dutch',
  'Polish',
  'Swedish',
  'Norwegian',
  'Danish',
  'Greek',
  'Czech',
  'Romanian',
  'Ukrainian',
  'Arabic',
  'Chinese',
  'Japanese',
] as const;
export type Language = (typeof LANGUAGES)[number];

const ageBound = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(AGE_MIN, `${label} must be between ${AGE_MIN} and ${AGE_MAX}.`)
    .max(AGE_MAX, `${label} must be between ${AGE_MIN} and ${AGE_MAX}.`)
    .nullable();

/**
 * A person's comfort preferences. Every part is optional in effect: false, null and an empty list
 * ask for nothing. Languages are the ones the person speaks; once both people have listed some,
 * they must share one (ADR 0031).
 */
export const comfortPreferencesSchema = z
  .object({
    sameGenderOnly: z.boolean({ error: 'Same gender only must be yes or no.' }),
    ageMin: ageBound('Youngest age'),
    ageMax: ageBound('Oldest age'),
    languages: z
      .array(z.enum(LANGUAGES, { error: 'Choose languages from the list.' }), { error: 'Languages must be a list.' })
      .max(LANGUAGES.length, 'Choose languages from the list.')
      .refine((list) => new Set(list).size === list.length, 'Choose each language once.'),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.ageMin !== null && value.ageMax !== null && value.ageMin > value.ageMax)
      ctx.addIssue({ code: 'custom', path: ['ageMax'], message: 'The oldest age must not be below the youngest.' });
  });
export type ComfortPreferences = z.infer<typeof comfortPreferencesSchema>;

/** What a person who never set anything has: no filter at all. */
export const NO_COMFORT_PREFERENCES: ComfortPreferences = { sameGenderOnly: false, ageMin: null, ageMax: null, languages: [] };

/**
 * The reliability badge (ADR 0031): shown once partners have reported on at least
 * RELIABLE_MIN_HIKES hikes, when at least RELIABLE_MIN_SHARE of those hikes plus the person's
 * late cancellations went well. The database computes it (profiles.reliable); these are its
 * thresholds, written once for the tests and the ADR.
 */
export const RELIABLE_MIN_HIKES = 3;
export const RELIABLE_MIN_SHARE = 0.8;
/** The badge's text, never a number (issue 14: "never as a raw score"). */
export const RELIABLE_BADGE_LABEL = 'Reliable';
