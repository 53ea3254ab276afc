import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { favourites, trails } from '../db/schema/index.js';
import { notFound } from '../errors.js';

export async function listFavouriteTrailIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ trailId: favourites.trailId }).from(favourites).where(eq(favourites.userId, userId));
  return rows.map((r) => r.trailId);
}

/** Marks a trail as a favourite; doing it twice is the same as once. */
export async function addFavourite(db: DbOrTx, userId: string, trailId: string): Promise<void> {
  const [trail] = await db.select({ id: trails.id }).from(trails).where(eq(trails.id, trailId));
  if (!trail) throw notFound('Trail');
  await db.insert(favourites).values({ userId, trailId }).onConflictDoNothing();
}

export async function removeFavourite(db: DbOrTx, userId: string, trailId: string): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.trailId, trailId)));
}
