import { and, eq } from 'drizzle-orm';
import type { ActivityImportOutcome, ActivityImportResult } from '@trailbuddy/shared/contracts/ability-import';
import { ACTIVITY_PROVIDER_NAMES } from '@trailbuddy/shared/contracts/ability-import';
import type { DbOrTx } from '../db/client.js';
import { activityConnections } from '../db/schema/index.js';
import { loadAbilities, recordFigures } from './figures-store.js';
import type { ActivityProvider, ProviderActivity, ProviderTokens } from './providers/provider.js';
import { summaryCutoff } from './summary.js';
import type { TokenBox } from './token-box.js';
import { activityFigures, type ActivityFigures } from './track-figures.js';

/** Renew an access token this close to its expiry rather than have a call fail halfway. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export async function saveConnection(
  db: DbOrTx,
  box: TokenBox,
  userId: string,
  provider: ActivityProvider,
  tokens: ProviderTokens,
  now: Date,
) {
  const sealed = { accessToken: box.seal(tokens.accessToken), refreshToken: box.seal(tokens.refreshToken), expiresAt: tokens.expiresAt };
  await db
    .insert(activityConnections)
    .values({ userId, provider: provider.id, ...sealed, connectedAt: now })
    .onConflictDoUpdate({ target: [activityConnections.userId, activityConnections.provider], set: { ...sealed, connectedAt: now } });
}

async function connectionOf(db: DbOrTx, userId: string, providerId: string) {
  const [row] = await db
    .select()
    .from(activityConnections)
    .where(and(eq(activityConnections.userId, userId), eq(activityConnections.provider, providerId)));
  return row ?? null;
}

/** The member's access token, renewed (and the renewal kept) when it is about to expire; null when not connected. */
async function accessTokenOf(db: DbOrTx, box: TokenBox, userId: string, provider: ActivityProvider, now: Date): Promise<string | null> {
  const row = await connectionOf(db, userId, provider.id);
  if (!row) return null;
  if (row.expiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) return box.open(row.accessToken);
  const renewed = await provider.refresh(box.open(row.refreshToken));
  await db
    .update(activityConnections)
    .set({ accessToken: box.seal(renewed.accessToken), refreshToken: box.seal(renewed.refreshToken), expiresAt: renewed.expiresAt })
    .where(and(eq(activityConnections.userId, userId), eq(activityConnections.provider, provider.id)));
  return renewed.accessToken;
}

/** Figures from the service's streams when it gave them, else from its summary (distance and gain only). */
async function figuresOf(activity: ProviderActivity & { activity: NonNullable<ProviderActivity['activity']> }): Promise<ActivityFigures> {
  const samples = await activity.samples();
  if (samples) return activityFigures(activity.activity, activity.startedAt, samples);
  return {
    activity: activity.activity,
    startedOn: activity.startedAt,
    distanceMeters: activity.distanceMeters,
    elevationGainMeters: activity.elevationGainMeters,
    flatMovingSeconds: 0,
    flatMovingMeters: 0,
    climbMovingSeconds: 0,
    climbAscentMeters: 0,
  };
}

/**
 * Imports the member's activities of the last 12 months from a connected service: each hike,
 * run and ride becomes figures (once: a second import finds them duplicates); the rest are
 * listed as not counted. Null when the member is not connected.
 */
export async function importFromProvider(
  db: DbOrTx,
  box: TokenBox,
  userId: string,
  provider: ActivityProvider,
  now: Date,
): Promise<ActivityImportResult | null> {
  const accessToken = await accessTokenOf(db, box, userId, provider, now);
  if (!accessToken) return null;
  const listed = await provider.activitiesSince(accessToken, summaryCutoff(now));
  const outcomes: ActivityImportOutcome[] = [];
  for (const a of listed) {
    const name = `${ACTIVITY_PROVIDER_NAMES[provider.id]} ${a.sourceKey.split(':')[1]}`;
    if (!a.activity) {
      outcomes.push({ file: name, status: 'rejected', activity: null, reason: 'Not a hike, a run or a ride.' });
      continue;
    }
    const status = await recordFigures(db, userId, provider.id, a.sourceKey, await figuresOf({ ...a, activity: a.activity }));
    outcomes.push({ file: name, status, activity: a.activity, reason: null });
  }
  await db
    .update(activityConnections)
    .set({ lastImportAt: now, lastImportCount: outcomes.filter((o) => o.status === 'imported').length })
    .where(and(eq(activityConnections.userId, userId), eq(activityConnections.provider, provider.id)));
  return { outcomes, abilities: await loadAbilities(db, userId, now) };
}

/**
 * Disconnects: asks the service to withdraw our access, then drops the tokens whatever it
 * answered (a member who wants out is out; a revoke that failed expires with the token).
 * False when there was no connection.
 */
export async function disconnect(
  db: DbOrTx,
  box: TokenBox,
  userId: string,
  provider: ActivityProvider,
  now: Date,
  onRevokeError: (err: unknown) => void,
): Promise<boolean> {
  const row = await connectionOf(db, userId, provider.id);
  if (!row) return false;
  // An expired access token cannot revoke anything: renew it first when it is due.
  await accessTokenOf(db, box, userId, provider, now)
    .then((token) => (token ? provider.revoke(token) : undefined))
    .catch(onRevokeError);
  await db.delete(activityConnections).where(and(eq(activityConnections.userId, userId), eq(activityConnections.provider, provider.id)));
  return true;
}

/** The configured services and whether the member is connected to each. */
export async function providerStates(db: DbOrTx, userId: string, providers: readonly ActivityProvider[]) {
  const rows = await db.select().from(activityConnections).where(eq(activityConnections.userId, userId));
  return providers.map((p) => {
    const row = rows.find((r) => r.provider === p.id);
    return {
      id: p.id,
      name: ACTIVITY_PROVIDER_NAMES[p.id],
      connected: Boolean(row),
      lastImportAt: row?.lastImportAt?.toISOString() ?? null,
    };
  });
}
