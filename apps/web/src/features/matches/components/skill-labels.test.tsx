// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeBestMatch, makeMatch, makeProfile, renderWithNavigation } from '../../../testing/matching-utils';
import { BestMatchCard } from './BestMatchCard';
import { IncomingRequestCard } from './IncomingRequestCard';

/**
 * A person's levels on a Best Matches card and on an invitation are written by packages/shared's
 * labels, the ones the profile shows, for every activity the profile has (biking included, issue
 * 23), not by capitalising the stored value.
 */
const skills = { hiking: 'advanced', running: 'intermediate', biking: 'beginner' } as const;

describe('levels on the matching cards', () => {
  it('a Best Matches card lists each activity with its label', () => {
    renderWithNavigation(<BestMatchCard candidate={makeBestMatch({ profile: makeProfile({ skills }) })} onOpen={vi.fn()} />);
    const listed = within(screen.getByRole('list', { name: 'Skills' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(listed).toEqual(['Hiking · Advanced', 'Running · Intermediate', 'Biking · Beginner']);
  });

  it('an invitation says the inviter’s levels the same way', () => {
    const match = makeMatch({
      status: 'pending',
      role: 'partner',
      awaitingMyAnswer: true,
      partner: makeProfile({ name: 'Rita Sousa', skills }),
    });
    renderWithNavigation(<IncomingRequestCard match={match} onAccepted={vi.fn()} onRejected={vi.fn()} />);
    expect(screen.getByText('Hiking: Advanced · Running: Intermediate · Biking: Beginner')).toBeTruthy();
  });
});
