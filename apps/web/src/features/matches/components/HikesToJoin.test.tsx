// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { HikeToJoin } from '@trailbuddy/shared/contracts/match';
import { describe, expect, it } from 'vitest';
import { makeProfile, renderWithNavigation } from '../../../testing/matching-utils';
import { mockFetch } from '../../../testing/test-utils';
import { HikesToJoin } from './HikesToJoin';

const TRAIL = 'trail-1';
const person = (name: string, compatibility: number) => ({ profile: makeProfile({ name }), compatibility });

function hike(overrides: Partial<HikeToJoin> = {}): HikeToJoin {
  return {
    matchId: '00000000-0000-4000-8000-00000000a001',
    people: [person('Ana Ribeiro', 100), person('Rui Costa', 93), person('Eva Lopes', 80)],
    compatibility: 91,
    reasons: ['all like a moderate pace', 'same sense of adventure'],
    trailhead: { km: 22, beyond: false },
    placesLeft: 1,
    requested: false,
    ...overrides,
  };
}

function setup(hikes: HikeToJoin[]) {
  mockFetch([{ path: `/api/trails/${TRAIL}/best-matches`, body: { hikes, candidates: [], nextCursor: null } }]);
  return renderWithNavigation(<HikesToJoin trailId={TRAIL} day="saturday" />);
}

describe('HikesToJoin (issue 24, ADR 0068)', () => {
  it('gives a hike its average figure over the people on it, why, and its distance from the trailhead', async () => {
    setup([hike()]);
    const card = await screen.findByRole('article', { name: 'Hike with Ana, Rui, Eva' });
    expect(within(card).getByText('91% match on average over the 3 people on it')).toBeDefined();
    const why = within(card).getByText('all like a moderate pace · same sense of adventure · 22 km from the trailhead');
    expect(why.className).not.toContain('amber');
  });

  it('marks a hike whose people all live farther than the viewer travels', async () => {
    setup([hike({ reasons: [], trailhead: { km: 1585, beyond: true } })]);
    const card = await screen.findByRole('article', { name: 'Hike with Ana, Rui, Eva' });
    const why = within(card).getByText('1,585 km from the trailhead, farther than you travel');
    expect(why.className).toContain('amber');
  });

  it('says nothing of why when nothing is shared and no distance is known', async () => {
    setup([hike({ reasons: [], trailhead: { km: null, beyond: false } })]);
    const card = await screen.findByRole('article', { name: 'Hike with Ana, Rui, Eva' });
    expect(within(card).queryByText(/Why:/)).toBeNull();
  });
});
