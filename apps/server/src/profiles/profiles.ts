import { sql } from 'drizzle-orm';
import {
  type CompleteRegistrationInput,
  type OwnProfile,
  type PublicProfile,
  type UpdateProfileInput,
} from '@trailbuddy/shared/contracts/profile';
import { canonicalCity, findCountry } from '@trailbuddy/shared/data/locations';
import type { Db, DbOrTx } from '../db/client.js';
import { profiles } from '../db/schema/index.js';
import { invalidField, notFound } from '../errors.js';
import { enqueueMail } from '../mail/queue.js';
import { contactEmailOf } from '../auth/users.js';
import { comfortPreferencesOf } from './comfort.js';
import { personRow, profileDefaultsFor, toPublicProfile, type ProfileRow, type UserRow } from './person.js';

type OwnUserRow = Pick<UserRow, 'id' | 'email' | 'tenantId' | 'tenantEmail' | 'isAnonymous' | 'name' | 'createdAt'>;

function toOwnProfile(user: OwnUserRow, row: ProfileRow): OwnProfile {
  return {
    ...toPublicProfile(user, row),
    // Guests, phone-only and tenant accounts have a placeholder users.email (ADRs 0008, 0009).
    email: contactEmailOf(user) ?? '',
    country: row.country,
    city: row.city,
    hasSeenOnboarding: row.hasSeenOnboarding,
    registrationComplete: row.registrationCompletedAt !== null,
    createdAt: user.createdAt.toISOString(),
    comfort: comfortPreferencesOf(row),
    maxTravelKm: row.maxTravelKm,
  };
}

export async function getOwnProfile(db: DbOrTx, userId: string): Promise<OwnProfile> {
  const row = await personRow(db, userId);
  if (!row) throw notFound('User');
  return toOwnProfile(row.user, row.profile ?? profileDefaultsFor(userId));
}

export async function getPublicProfile(db: DbOrTx, userId: string): Promise<PublicProfile | null> {
  const row = await personRow(db, userId);
  return row ? toPublicProfile(row.user, row.profile) : null;
}

/** Resolves country and city against the curated list: "city only with a country" (product §5). */
function resolveLocation(country: string | null | undefined, city: string | null | undefined) {
  const known = findCountry(country);
  if (country && !known) throw invalidField('country', 'Choose a country from the list.');
  if (city && !known) throw invalidField('city', 'Choose a country before the city.');
  const cityName = city ? canonicalCity(known?.code, city) : undefined;
  if (city && !cityName) throw invalidField('city', `Choose a city in ${known?.name ?? 'the chosen country'}.`);
  return { country: known?.name ?? null, city: cityName ?? null };
}

/**
 * "Complete Your Profile": stores every field and queues the welcome mail in the same
 * transaction, so the mail exists exactly when the registration does; delivery happens later,
 * and its failure never undoes the registration (product §8).
 */
export async function completeRegistration(db: Db, userId: string, input: CompleteRegistrationInput): Promise<OwnProfile> {
  const { country, city } = resolveLocation(input.country, input.city);
  return db.transaction(async (tx) => {
    const account = await personRow(tx, userId);
    if (!account) throw notFound('User');
    const now = new Date();
    const values = {
      fullName: input.fullName,
      age: input.age,
      gender: input.gender,
      country,
      city,
      bio: input.bio,
      instagram: input.instagram || null,
      skillHiking: input.skills.hiking,
      skillRunning: input.skills.running,
      skillBiking: input.skills.biking,
      ...(input.preferences && {
        pace: input.preferences.pace,
        communication: input.preferences.communication,
        adventureLevel: input.preferences.adventureLevel,
      }),
      updatedAt: now,
    };
    await tx
      .insert(profiles)
      .values({ userId, ...values, registrationCompletedAt: now })
      // A row may exist already (an avatar chosen during registration): complete it too. Only
      // the first completion stamps the date.
      .onConflictDoUpdate({
        target: profiles.userId,
        set: { ...values, registrationCompletedAt: sql`coalesce(${profiles.registrationCompletedAt}, ${now})` },
      });
    // A guest has no mailbox yet (its address is a placeholder); it is welcomed by nobody.
    if (!account.user.isAnonymous)
      await enqueueMail(tx, {
        template: 'welcome',
        to: account.user.tenantEmail ?? account.user.email,
        params: { to_email: account.user.tenantEmail ?? account.user.email, to_name: input.fullName },
        idempotencyKey: `welcome:${userId}`,
      });
    return getOwnProfile(tx, userId);
  });
}

/** Profile edits (personal-profile view): any subset of fields; the e-mail is not editable. */
export async function updateProfile(db: Db, userId: string, input: UpdateProfileInput): Promise<OwnProfile> {
  return db.transaction(async (tx) => {
    const account = await personRow(tx, userId);
    if (!account) throw notFound('User');
    const current = account.profile ?? profileDefaultsFor(userId);
    const touchesLocation = input.country !== undefined || input.city !== undefined;
    const location = touchesLocation
      ? resolveLocation(input.country ?? current.country, input.city ?? (input.country ? null : current.city))
      : undefined;
    const values = {
      ...(input.fullName !== undefined && { fullName: input.fullName }),
      ...(input.age !== undefined && { age: input.age }),
      ...(input.gender !== undefined && { gender: input.gender }),
      ...(location && { country: location.country, city: location.city }),
      ...(input.bio !== undefined && { bio: input.bio }),
      ...(input.instagram !== undefined && { instagram: input.instagram || null }),
      ...(input.skills && { skillHiking: input.skills.hiking, skillRunning: input.skills.running, skillBiking: input.skills.biking }),
      ...(input.preferences && {
        pace: input.preferences.pace,
        communication: input.preferences.communication,
        adventureLevel: input.preferences.adventureLevel,
      }),
      ...(input.hasSeenOnboarding !== undefined && { hasSeenOnboarding: input.hasSeenOnboarding }),
      ...(input.comfort && {
        comfortSameGender: input.comfort.sameGenderOnly,
        comfortAgeMin: input.comfort.ageMin,
        comfortAgeMax: input.comfort.ageMax,
        languages: input.comfort.languages,
      }),
      ...(input.maxTravelKm !== undefined && { maxTravelKm: input.maxTravelKm }),
      updatedAt: new Date(),
    };
    await tx
      .insert(profiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: values });
    return getOwnProfile(tx, userId);
  });
}

/** Points the profile at a preset avatar or an uploaded picture's URL. */
export async function setProfileImage(db: Db, userId: string, image: string): Promise<OwnProfile> {
  await db
    .insert(profiles)
    .values({ userId, image })
    .onConflictDoUpdate({ target: profiles.userId, set: { image, updatedAt: new Date() } });
  return getOwnProfile(db, userId);
}
