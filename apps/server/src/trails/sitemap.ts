import { asc, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { trails } from '../db/schema/index.js';

/** A sitemap holds at most this many URLs (sitemaps.org); the home page takes one. */
export const SITEMAP_MAX_TRAILS = 49_999;

/**
 * The trails a sitemap lists: those on the public list (sessions that have not ended), with
 * when each was added, in list order. A trail row never changes after it is created (a
 * recurrence is a new row), so its creation is its last modification.
 */
export async function sitemapTrails(db: DbOrTx, now: Date): Promise<{ id: string; createdAt: Date }[]> {
  return db
    .select({ id: trails.id, createdAt: trails.createdAt })
    .from(trails)
    .where(gt(trails.endTime, now))
    .orderBy(asc(trails.order), asc(trails.startTime))
    .limit(SITEMAP_MAX_TRAILS);
}
