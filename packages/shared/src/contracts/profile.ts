import { z } from 'zod';
import { comfortPreferencesSchema } from './comfort';
import { ADVENTURE_LEVELS, AGE_MAX, AGE_MIN, BIO_MAX, BIO_MIN, COMMUNICATION_STYLES, GENDERS, PACES, SKILL_LEVELS } from './enums';

const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`);

export const skillsSchema = z.object({
  hiking: z.enum(SKILL_LEVELS, { error: 'Hiking experience is required.' }),
  running: z.enum(SKILL_LEVELS, { error: 'Running experience is required.' }),
  /**
   * Issue 23: Best Matches uses it on biking trails. A request that predates it (no biking)
   * gets the spec's default, as a new profile does.
   */
  biking: z.enum(SKILL_LEVELS, { error: 'Biking experience is required.' }).default('beginner'),
});

export const preferencesSchema = z.object({
  pace: z.enum(PACES, { error: 'Choose a pace.' }),
  communication: z.enum(COMMUNICATION_STYLES, { error: 'Choose a communication style.' }),
  adventureLevel: z.enum(ADVENTURE_LEVELS, { error: 'Choose an adventure level.' }),
});

/** product §9: a whole number from 1 to 120; the request may send it as a number or as digits. */
const ageOf = <Input>() =>
  z.coerce
    .number<Input>({ error: 'Age must be a number.' })
    .int('Age must be a whole number.')
    .min(AGE_MIN, `Age must be between ${AGE_MIN} and ${AGE_MAX}.`)
    .max(AGE_MAX, `Age must be between ${AGE_MIN} and ${AGE_MAX}.`);
const ageSchema = ageOf<unknown>();

const bioSchema = z
  .string({ error: 'Bio is required.' })
  .trim()
  .min(BIO_MIN, `Bio must be between ${BIO_MIN} and ${BIO_MAX} characters.`)
  .max(BIO_MAX, `Bio must be between ${BIO_MIN} and ${BIO_MAX} characters.`);

/**
 * Registration completion ("Complete Your Profile", product §5): every field is required but the
 * Instagram handle.
 * The city must belong to the chosen country; the server checks that against the data module.
 */
export const completeRegistrationSchema = z.object({
  fullName: required('Full name').max(120, 'Full name is too long.'),
  age: ageSchema,
  gender: z.enum(GENDERS, { error: 'Gender is required.' }),
  country: required('Country'),
  city: required('City'),
  skills: skillsSchema,
  bio: bioSchema,
  /**
   * Optional (issue 23): buddies reach each other through the hike's conversation. Empty means
   * none: the server stores no handle and the profile views show no Instagram row.
   */
  instagram: z.string({ error: 'Instagram handle must be text.' }).trim().max(60, 'Instagram handle is too long.').optional(),
  preferences: preferencesSchema.optional(),
});
export type CompleteRegistrationInput = z.infer<typeof completeRegistrationSchema>;

/**
 * The profile forms ("Complete Your Profile" and the personal profile's edit mode) check what
 * will be sent with the registration rules themselves. Two differences a form has: the age is
 * the text typed in its box (empty reads "Age is required.", not a range error), and the
 * preferences are always there (the forms always show them).
 */
export const profileFormSchema = completeRegistrationSchema.extend({
  age: z.string({ error: 'Age is required.' }).trim().min(1, 'Age is required.').pipe(ageOf<string>()),
  preferences: preferencesSchema,
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** "How far will you travel to a trailhead", km (issue 24, ADR 0057). */
export const MAX_TRAVEL_KM_DEFAULT = 150;
export const MAX_TRAVEL_KM_MIN = 1;
export const MAX_TRAVEL_KM_MAX = 1000;
export const maxTravelKmSchema = z.coerce
  .number<unknown>({ error: 'Travel distance must be a number of kilometres.' })
  .int('Travel distance must be a whole number of kilometres.')
  .min(MAX_TRAVEL_KM_MIN, `Travel distance must be between ${MAX_TRAVEL_KM_MIN} and ${MAX_TRAVEL_KM_MAX} km.`)
  .max(MAX_TRAVEL_KM_MAX, `Travel distance must be between ${MAX_TRAVEL_KM_MIN} and ${MAX_TRAVEL_KM_MAX} km.`);

/** Profile edits: any subset of the registration fields (the e-mail is not editable). */
export const updateProfileSchema = completeRegistrationSchema
  .extend({ preferences: preferencesSchema })
  .partial()
  .extend({
    hasSeenOnboarding: z.boolean().optional(),
    comfort: comfortPreferencesSchema.optional(),
    maxTravelKm: maxTravelKmSchema.optional(),
  })
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const setAvatarSchema = z.object({
  avatar: z.coerce.number({ error: 'Avatar must be a number from 1 to 6.' }).int().min(1).max(6),
});

/** What any signed-in user may see of another: never the e-mail (architecture §5). */
export const publicProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  age: z.number().nullable(),
  location: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  skills: skillsSchema,
  bio: z.string().nullable(),
  instagram: z.string().nullable(),
  preferences: preferencesSchema,
  /** The reliability badge earned (ADR 0031): a yes or no, never the score behind it. */
  reliable: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The signed-in user's own view: the public profile plus the private parts. */
export const ownProfileSchema = publicProfileSchema.extend({
  email: z.string(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  hasSeenOnboarding: z.boolean(),
  registrationComplete: z.boolean(),
  createdAt: z.string(),
  /** Comfort preferences (ADR 0031): only ever shown to their owner. */
  comfort: comfortPreferencesSchema,
  /** How far the person will travel to a trailhead, km; only ever shown to its owner. */
  maxTravelKm: z.number().int(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    /** '' when the account has no address yet (a guest, a phone-only account). */
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    /** A guest (anonymous sign-in) who has not linked a credential yet. */
    isAnonymous: z.boolean().optional(),
  }),
  isAdmin: z.boolean(),
  profile: ownProfileSchema,
});
export type Me = z.infer<typeof meSchema>;
