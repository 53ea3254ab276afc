import type { Page } from 'playwright-core';
import type { Slot } from './slots';
import { apiIn } from './members';

/**
 * A confirmed hike for three on `slot`, set up through the API as the app's own buttons would:
 * `host` searches with room for three, `partner` asks and is accepted, `joiner` asks to join and
 * the partner accepts. Answers the hike's id.
 */
export async function hikeOfThree(slot: Slot, host: Page, partner: Page, joiner: Page): Promise<string> {
  const { match } = await apiIn<{ match: { id: string } }>(host, 'POST', '/api/matches/search', {
    trailId: slot.id,
    day: slot.day,
    capacity: 3,
  });
  await apiIn(partner, 'POST', `/api/matches/${match.id}/request`);
  await apiIn(host, 'POST', `/api/matches/${match.id}/accept`);
  const asked = await apiIn<{ requestId: string }>(joiner, 'POST', `/api/matches/${match.id}/join-requests`);
  await apiIn(partner, 'POST', `/api/join-requests/${asked.requestId}/accept`);
  return match.id;
}
