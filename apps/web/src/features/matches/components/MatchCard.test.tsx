// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMatch, makeProfile, renderWithNavigation } from '../../../testing/matches-utils';
import { MatchCard } from './MatchCard';

const NOW = Date.now();

describe('MatchCard', () => {
  it('names each person of a hike once: the people list replaces the partner row', () => {
    const miguel = makeProfile({ name: 'Miguel Costa' });
    const noah = makeProfile({ name: 'Noah Weber' });
    const hike = makeMatch({
      partner: miguel,
      capacity: 3,
      placesLeft: 0,
      people: [
        { profile: miguel, compatibility: 88 },
        { profile: noah, compatibility: 74 },
      ],
    });
    renderWithNavigation(<MatchCard match={hike} now={NOW} />);

    expect(screen.getAllByText('Miguel Costa')).toHaveLength(1);
    expect(screen.getAllByText('Noah Weber')).toHaveLength(1);
    const people = screen.getByRole('region', { name: 'Who is on this hike' });
    expect(within(people).getByText('Miguel Costa')).toBeTruthy();
    expect(screen.queryByText('Partner:')).toBeNull();
  });

  it('keeps the partner row on a hike of two', () => {
    const rita = makeProfile({ name: 'Rita Sousa' });
    renderWithNavigation(<MatchCard match={makeMatch({ partner: rita })} now={NOW} />);

    expect(screen.getAllByText('Rita Sousa')).toHaveLength(1);
    expect(screen.getByText('Partner:')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Who is on this hike' })).toBeNull();
  });

  it('names a partner no longer available by first name, the words beside it in place of the figure, on a hike of two', () => {
    // The hike my block cancelled (ADR 0067): the server names her as a blocked pair sees each other (ADR 0038).
    const eva = makeProfile({ name: 'Eva (no longer available)' });
    const ended = makeMatch({ status: 'cancelled', partner: eva, compatibility: 82, people: [{ profile: eva, compatibility: 82 }] });
    renderWithNavigation(<MatchCard match={ended} now={NOW} />);

    const name = screen.getByText('Eva');
    expect(name.textContent).toBe('Partner: Eva');
    expect(screen.getByText('no longer available')).toBeTruthy();
    expect(screen.queryByText('82% match')).toBeNull();
  });
});
