import { eq, sql, type SQL } from 'drizzle-orm';
import { NO_COMFORT_PREFERENCES, type ComfortPreferences } from '@trailbuddy/shared/contracts/comfort';
import type { DbOrTx } from '../db/client.js';
import { profiles } from '../db/schema/index.js';

type ProfileRow = typeof profiles.$inferSelect;

/** A person's comfort preferences and the facts other people's preferences are checked against. */
export interface ViewerComfort extends ComfortPreferences {
  gender: string | null;
  age: number | null;
}

export function comfortPreferencesOf(row: ProfileRow | null | undefined): ComfortPreferences {
  if (!row) return NO_COMFORT_PREFERENCES;
  return { sameGenderOnly: row.comfortSameGender, ageMin: row.comfortAgeMin, ageMax: row.comfortAgeMax, languages: row.languages };
}

export function viewerComfortOf(row: ProfileRow | null | undefined): ViewerComfort {
  return { ...comfortPreferencesOf(row), gender: row?.gender ?? null, age: row?.age ?? null };
}

/** The columns holding a candidate's comfort facts, in one table or another. */
export interface ComfortColumns {
  gender: SQL;
  age: SQL;
  sameGender: SQL;
  ageMin: SQL;
  ageMax: SQL;
  languages: SQL;
}

/** A candidate's comfort facts in `profiles p`. */
export const PROFILE_COMFORT: ComfortColumns = {
  gender: sql.raw('p.gender'),
  age: sql.raw('p.age'),
  sameGender: sql.raw('p.comfort_same_gender'),
  ageMin: sql.raw('p.comfort_age_min'),
  ageMax: sql.raw('p.comfort_age_max'),
  languages: sql.raw('p.languages'),
};

/**
 * Both people's comfort preferences as one condition on the candidate's columns (ADR 0031): the
 * viewer's choices become comparisons of the candidate's columns with constants, the candidate's
 * choices comparisons of their columns with the viewer's facts. Plain column comparisons, which
 * the kind indexes carry (INCLUDE), never a function called per row. An unknown fact (a null
 * gender or age) never passes a preference that asks about it.
 */
export function comfortFilter(c: ComfortColumns, viewer: ViewerComfort): SQL {
  const conditions: SQL[] = [
    // The candidate's own choices about the viewer.
    sql`(NOT ${c.sameGender} OR ${c.gender} = ${viewer.gender}::text)`,
    sql`(${c.ageMin} IS NULL OR ${c.ageMin} <= ${viewer.age}::int)`,
    sql`(${c.ageMax} IS NULL OR ${c.ageMax} >= ${viewer.age}::int)`,
  ];
  // The viewer's choices about the candidate.
  if (viewer.sameGenderOnly) conditions.push(sql`${c.gender} = ${viewer.gender}::text`);
  if (viewer.ageMin !== null) conditions.push(sql`${c.age} >= ${viewer.ageMin}::int`);
  if (viewer.ageMax !== null) conditions.push(sql`${c.age} <= ${viewer.ageMax}::int`);
  // Languages bind once both people listed some: then they must share one.
  if (viewer.languages.length > 0)
    conditions.push(sql`(${c.languages} = '{}'::text[] OR ${c.languages} && ${sql.param(viewer.languages)}::text[])`);
  return sql.join(conditions, sql` AND `);
}

/**
 * Whether two people's comfort preferences let them be paired, both ways: the same condition as
 * Best Matches, so what a person is never shown they also cannot request or invite.
 */
export async function comfortAllows(db: DbOrTx, userId: string, otherId: string): Promise<boolean> {
  const [me] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const [other] = await db
    .select({ allowed: sql<boolean>`${comfortFilter(PROFILE_COMFORT, viewerComfortOf(me))}` })
    .from(sql`${profiles} p`)
    .where(sql`p.user_id = ${otherId}`);
  // No profile row yet: nothing chosen on that side and no facts, which only a preference-free person accepts.
  return other ? other.allowed === true : comfortFilterIsOpen(comfortPreferencesOf(me));
}

const comfortFilterIsOpen = (p: ComfortPreferences) => !p.sameGenderOnly && p.ageMin === null && p.ageMax === null;

/**
 * Refuses a request or an invitation the comfort preferences of either person rule out, with the
 * very answer a person who is not there gets (`unavailable`), so nobody learns they were filtered out.
 */
export async function assertComfortable(db: DbOrTx, userId: string, otherId: string, unavailable: () => Error): Promise<void> {
  if (!(await comfortAllows(db, userId, otherId))) throw unavailable();
}
