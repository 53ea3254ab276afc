// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { BLOCK_LEFT_HIKE_TEXT, BLOCKED_HIKE_TEXT, type BlockedPerson } from '@trailbuddy/shared/contracts/safety';
import { describe, expect, it } from 'vitest';
import { daysFromNow, makeMatch, makeProfile, renderWithNavigation } from '../testing/matches-utils';
import { mockFetch } from '../testing/test-utils';
import { MemberViewOf } from './member-views';

// The hike's card as the app composes it (member-views.tsx): Report and Block for everyone else on
// the hike, and a block that stays on the card with its way back (issue 23, ADR 0067).

const rui = makeProfile({ id: 'user-rui', name: 'Rui Santos' });
const eva = makeProfile({ id: 'user-eva', name: 'Eva Lopes' });
const HIKE = makeMatch({
  trail: { id: 'trail-sintra', name: 'Sintra Three', location: 'Sintra, Portugal', activity: 'hiking', image: null },
  start: daysFromNow(3),
  partner: rui,
  capacity: 3,
  people: [
    { profile: rui, compatibility: 80 },
    { profile: eva, compatibility: 70 },
  ],
});

describe('a hike card’s Report and Block', { timeout: 20_000 }, () => {
  it('offers both to every other person on the hike, and a block of the second stays on the card with Unblock', async () => {
    let blocked: BlockedPerson[] = [];
    let mine: MatchView[] = [HIKE];
    mockFetch([
      { path: '/api/matches/mine', body: () => ({ matches: mine }) },
      { path: '/api/blocks', body: () => ({ people: blocked }) },
      { method: 'POST', path: '/api/notifications/read-matches', body: { marked: 0, unread: 0 } },
      { path: '/api/conversations/unread', body: { unread: {} } },
      {
        method: 'POST',
        path: '/api/blocks',
        body: () => {
          blocked = [{ userId: eva.id, name: 'Eva Lopes', image: null, blockedAt: new Date().toISOString() }];
          // What the server answers once the block cancelled the hike (ADR 0067): still on my list,
          // Eva seen as "no longer available" (ADR 0038).
          mine = [
            {
              ...HIKE,
              status: 'cancelled',
              cancellation: { kind: 'blocked', by: 'me', note: null, at: null, late: false },
              people: [HIKE.people[0]!, { profile: { ...eva, name: 'Eva (no longer available)' }, compatibility: 70 }],
            },
          ];
          return { blocked: true };
        },
      },
      {
        method: 'DELETE',
        path: `/api/blocks/${eva.id}`,
        status: 204,
        body: () => ((blocked = []), (mine = [{ ...mine[0]!, people: HIKE.people }]), undefined),
      },
    ]);
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [string, RequestInit?][] } };
    renderWithNavigation(<MemberViewOf view={{ name: 'matches-page', tab: 'upcoming' }} />, { name: 'matches-page' });

    const card = await screen.findByRole('article', { name: /Sintra Three/ });
    for (const name of ['Rui Santos', 'Eva Lopes']) {
      expect(await within(card).findByRole('button', { name: `Report ${name}` })).toBeDefined();
      expect(within(card).getByRole('button', { name: `Block ${name}` })).toBeDefined();
    }

    fireEvent.click(within(card).getByRole('button', { name: 'Block Eva Lopes' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Block Eva Lopes?' })).getByRole('button', { name: 'Block' }));

    // Said at once, and still there once the list has been fetched again with the hike cancelled,
    // naming her as I know her.
    const again = await screen.findByText(BLOCKED_HIKE_TEXT);
    const kept = again.closest('article')!;
    expect(within(kept).getByText('You blocked Eva Lopes')).toBeDefined();
    expect(within(kept).getByRole('button', { name: 'Unblock Eva Lopes' })).toBeDefined();
    // The block named the hike it was made from.
    const blockCall = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/blocks' && init?.method === 'POST');
    expect(JSON.parse(String(blockCall![1]!.body))).toEqual({ userId: eva.id, matchId: HIKE.id });

    fireEvent.click(within(kept).getByRole('button', { name: 'Unblock Eva Lopes' }));
    expect(await within(kept).findByRole('button', { name: 'Block Eva Lopes' })).toBeDefined();
    expect(within(kept).getByText(BLOCKED_HIKE_TEXT)).toBeDefined();
  });

  it('lists everyone still on a hike the block took me off, the one I blocked marked beside her first name, not cut off', async () => {
    // What GET /api/matches/mine answers for the blocker of a hike of three (ADR 0073): cancelled
    // from my side, the hike going on for Rui and Eva, Eva seen as "no longer available" (ADR 0038).
    const left: MatchView = {
      ...HIKE,
      status: 'cancelled',
      partner: { ...eva, name: 'Eva (no longer available)' },
      cancellation: { kind: 'blocked', by: 'me', note: null, at: null, late: false, hikeGoesOn: true },
      people: [HIKE.people[0]!, { profile: { ...eva, name: 'Eva (no longer available)' }, compatibility: 70 }],
    };
    mockFetch([
      { path: '/api/matches/mine', body: { matches: [left] } },
      { path: '/api/blocks', body: { people: [{ userId: eva.id, name: 'Eva Lopes', image: null, blockedAt: new Date().toISOString() }] } },
      { method: 'POST', path: '/api/notifications/read-matches', body: { marked: 0, unread: 0 } },
      { path: '/api/conversations/unread', body: { unread: {} } },
    ]);
    renderWithNavigation(<MemberViewOf view={{ name: 'matches-page', tab: 'upcoming' }} />, { name: 'matches-page' });

    const card = (await screen.findByText(BLOCK_LEFT_HIKE_TEXT)).closest('article')!;
    const people = within(card).getByRole('region', { name: 'Who is on this hike' });
    expect(within(people).getByRole('heading', { name: 'Still on this hike' })).toBeDefined();
    const rows = within(people).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Rui Santos80% match', 'Evano longer available']);
    // Her figure is not shown beside her; the card still says whom I blocked, with the way back.
    expect(within(card).queryByText('70% match')).toBeNull();
    expect(await within(card).findByText('You blocked Eva Lopes')).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Unblock Eva Lopes' })).toBeDefined();
  });
});
