import { eq } from 'drizzle-orm';
import type { RouteSummary, SetTrailheadInput, TrailRoute } from '@trailbuddy/shared/contracts/trail-route';
import { routeFacts, suggestDifficulty, type RoutePoint } from '@trailbuddy/shared/domain/route-facts';
import type { Db } from '../db/client.js';
import { trails } from '../db/schema/index.js';
import { invalidField, notFound } from '../errors.js';
import { publishEvent } from '../events/publish.js';
import type { FileStorage } from '../storage/storage.js';

type RouteColumns = Pick<typeof trails.$inferSelect, 'routeDistanceM' | 'routeGainM' | 'routeLossM' | 'routeHighestM' | 'routeLowestM'>;

/** The route's facts as the trail list carries them; null for a trail without a route. */
export function routeSummaryOf(row: RouteColumns): RouteSummary | null {
  const { routeDistanceM, routeGainM, routeLossM, routeHighestM, routeLowestM } = row;
  if (routeDistanceM === null || routeGainM === null || routeLossM === null || routeHighestM === null || routeLowestM === null) return null;
  return {
    distanceMeters: routeDistanceM,
    elevationGainMeters: routeGainM,
    elevationLossMeters: routeLossM,
    highestPointMeters: routeHighestM,
    lowestPointMeters: routeLowestM,
  };
}

/** GET /api/trails/:id/route: the facts, the profile and the difficulty they suggest; 404 without a route. */
export async function getTrailRoute(db: Db, id: string): Promise<TrailRoute> {
  const [row] = await db.select().from(trails).where(eq(trails.id, id));
  if (!row) throw notFound('Trail');
  const summary = routeSummaryOf(row);
  if (!summary || !row.routeProfile) throw notFound('Route');
  return { ...summary, profile: row.routeProfile.map(([d, e]) => [d, e]), suggestedDifficulty: suggestDifficulty(summary, row.activity) };
}

/** Where a trail's GPX file is stored: one per trail, replaced by the next upload. */
export const routeFileKey = (trailId: string) => `trailRoutes/${trailId}.gpx`;

/**
 * Stores a trail's route: the file, then the facts computed from its points, in one update of
 * the row (so a trail never has half a route), and tells open lists the trail changed. A file
 * whose points carry no elevation is refused: a route's facts are about climbing.
 */
export async function saveTrailRoute(
  db: Db,
  storage: FileStorage,
  trailId: string,
  upload: { file: Buffer; points: readonly RoutePoint[] },
): Promise<TrailRoute> {
  const facts = routeFacts(upload.points);
  if (!facts) throw invalidField('file', 'The route’s points have no elevation (<ele>): export the GPX file with elevations.');
  const [exists] = await db.select({ activity: trails.activity }).from(trails).where(eq(trails.id, trailId));
  if (!exists) throw notFound('Trail');
  const key = routeFileKey(trailId);
  // The file first: a failure after it leaves the previous facts beside the new file, which the
  // next upload replaces; never facts without their file.
  await storage.put(key, upload.file, 'application/gpx+xml');
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(trails)
      .set({
        routeFile: key,
        routeDistanceM: facts.distanceMeters,
        routeGainM: facts.elevationGainMeters,
        routeLossM: facts.elevationLossMeters,
        routeHighestM: facts.highestPointMeters,
        routeLowestM: facts.lowestPointMeters,
        routeProfile: [...facts.profile],
      })
      .where(eq(trails.id, trailId))
      .returning({ activity: trails.activity });
    if (!row) throw notFound('Trail');
    await publishEvent(tx, { type: 'trail.changed', audience: null, payload: { trailId } });
    return row;
  });
  const { profile, ...summary } = facts;
  return { ...summary, profile: profile.map(([d, e]) => [d, e]), suggestedDifficulty: suggestDifficulty(facts, updated.activity) };
}

/** PUT /api/trails/:id/trailhead. */
export async function setTrailhead(db: Db, trailId: string, point: SetTrailheadInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(trails)
      .set({ trailheadLatitude: point.latitude, trailheadLongitude: point.longitude })
      .where(eq(trails.id, trailId))
      .returning({ id: trails.id });
    if (!row) throw notFound('Trail');
    await publishEvent(tx, { type: 'trail.changed', audience: null, payload: { trailId } });
  });
}
