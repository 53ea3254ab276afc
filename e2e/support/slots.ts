import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { TRAIL_PAGE_MAX } from '@trailbuddy/shared/contracts/trail-list';
import { sessionForDay, WEEKEND_DAYS, type WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { expect, inject } from 'vitest';
import { DEMO_TRAILS } from '../../apps/server/src/db/seed/demo-trails';
import { apiIn } from './members';

/**
 * Trails that specs ask for by name: a journey clicks their card, or a demo person's plans are
 * about them. A slot chosen for a spec that names no trail is never on one of these, so a named
 * slot is free whichever spec runs first.
 */
export const NAMED_TRAILS = [
  'Seven Hanging Valleys',
  'Calanques Ridge Trail',
  'Preikestolen Cliff Hike',
  'Tagus Riverside Run',
  'Sintra Palaces Loop',
] as const;
export type NamedTrail = (typeof NAMED_TRAILS)[number];

/**
 * The seed's trails, the only ones a slot is on. The administrator's specs add trails of their
 * own (support/admin.ts, the manager's form), give them start times and delete them, while the
 * other worker's spec runs: a slot on one of those could vanish or move under its searchers, and
 * start-times.e2e.ts searches its trail without a claim.
 */
const SEEDED_TRAILS: ReadonlySet<string> = new Set(DEMO_TRAILS.map((t) => t.name));

/** A trail and a day of the coming weekend whose session is still ahead: what a search is for. */
export interface Slot {
  id: string;
  name: string;
  /** "City, Country", as the trail shows it. */
  location: string;
  day: WeekendDay;
  /** The session's start on that day. */
  start: Date;
}

export interface SlotWish {
  /** That trail, on whichever of its days is still free and ahead. */
  trail?: NamedTrail;
  /** Only the trail's own day (the one its page chooses unless told), or only the other one. */
  day?: 'own' | 'other';
  /** Only a trail of the first page of the home's list, as `page`'s person sees it: a journey clicks its card. */
  onHome?: boolean;
}

interface ListedTrail {
  id: string;
  name: string;
  location: string;
  startTime: string;
  endTime: string;
  weekendDay: WeekendDay;
}

/**
 * A session a search started now still takes after the spec's set-up: two hours covers a busy
 * machine and the hour a day's session can move at a change of summer time.
 */
const AHEAD_MS = 2 * 60 * 60 * 1000;

/**
 * A trail and coming day that no other spec (nor another call in this spec) searches in this
 * e2e run, so the searchers a spec makes are the only ones Best Matches shows on it, whatever
 * order the spec files run in. The claim is a directory made with mkdir, which fails when another
 * process made it first: the files run in workers of their own, one after another or not.
 */
export async function slotOfItsOwn(page: Page, wish: SlotWish = {}): Promise<Slot> {
  const onHome = (await apiIn<{ trails: ListedTrail[] }>(page, 'GET', '/api/trails')).trails;
  const trails = wish.onHome ? onHome : (await apiIn<{ trails: ListedTrail[] }>(page, 'GET', `/api/trails?limit=${TRAIL_PAGE_MAX}`)).trails;
  const homeIds = new Set(onHome.map((t) => t.id));
  const trailsWished = trails
    .filter((t) => SEEDED_TRAILS.has(t.name))
    .filter((t) => (wish.trail ? t.name === wish.trail : !(NAMED_TRAILS as readonly string[]).includes(t.name)));
  if (wish.trail && trailsWished.length === 0) throw new Error(`no trail named ${wish.trail}`);
  const slots = trailsWished
    .flatMap((trail) =>
      WEEKEND_DAYS.filter((d) => (wish.day === 'own' ? d === trail.weekendDay : wish.day === 'other' ? d !== trail.weekendDay : true)).map(
        (day) => ({ trail, day }),
      ),
    )
    // The home's first page on its trails' own days is all a spec that clicks a card there can
    // use (onHome, day 'own'), and it is a few slots: a spec that may take any slot takes the
    // others first.
    .sort((a, b) => homeOwnDay(a) - homeOwnDay(b));
  function homeOwnDay({ trail, day }: { trail: ListedTrail; day: WeekendDay }): number {
    return Number(homeIds.has(trail.id) && day === trail.weekendDay);
  }
  const taken: string[] = [];
  for (const { trail, day } of slots) {
    const { start } = sessionForDay(
      { startTime: new Date(trail.startTime), endTime: new Date(trail.endTime), weekendDay: trail.weekendDay },
      day,
    );
    if (start.getTime() < Date.now() + AHEAD_MS) continue;
    const claimedBy = claim(trail.id, day);
    if (claimedBy === null) return { id: trail.id, name: trail.name, location: trail.location, day, start };
    taken.push(`${trail.name} on ${day} (${claimedBy})`);
  }
  throw new Error(
    `no free coming slot for ${JSON.stringify(wish)}; taken: ${taken.join(', ') || 'none'}. ` +
      'Sessions less than two hours ahead are not offered.',
  );
}

/** Null when this spec now holds the slot, else who holds it. */
function claim(trailId: string, day: WeekendDay): string | null {
  const dir = join(inject('slotClaimsDir'), `${trailId}.${day}`);
  const testPath = expect.getState().testPath;
  try {
    mkdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    try {
      return readFileSync(join(dir, 'claimant'), 'utf8');
    } catch {
      return 'another spec';
    }
  }
  writeFileSync(join(dir, 'claimant'), testPath ? basename(testPath) : 'a spec');
  return null;
}

/**
 * A slot of its own that several tests of a spec share (both widths of a journey, say): claimed
 * by the first test that asks, with that test's page.
 */
export function sharedSlot(wish: SlotWish = {}): (page: Page) => Promise<Slot> {
  let slot: Promise<Slot> | undefined;
  return (page) => (slot ??= slotOfItsOwn(page, wish));
}
