// @vitest-environment jsdom
import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePublicProfile } from '../testing/profile-utils';
import { PublicProfileDetails } from './PublicProfileDetails';

const sofia = makePublicProfile({
  gender: 'Female',
  bio: 'Early starts and long ridgelines.',
  instagram: '@trail.sofia',
  preferences: { pace: 'fast', communication: 'chatty', adventureLevel: 'cautious' },
});

/** Each fact as its label and what is shown beside it, in the order shown. */
function facts(container: HTMLElement): [string, string][] {
  return [...container.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']);
}

describe('PublicProfileDetails', () => {
  it('shows the same facts with the same labels on a page and in a dialog', () => {
    const page = render(<PublicProfileDetails profile={sofia} />).container;
    const dialog = render(<PublicProfileDetails profile={sofia} variant="dialog" />).container;
    const expected: [string, string][] = [
      ['Age', '34'],
      ['Gender', 'Female'],
      ['Instagram', 'trail.sofia(Instagram, opens in a new tab)'],
      ['Pace', 'Fast'],
      ['Communication', 'Chatty'],
      ['Adventure level', 'Cautious'],
    ];
    expect(facts(page)).toEqual(expected);
    expect(facts(dialog)).toEqual(expected);
    for (const container of [page, dialog]) {
      const view = within(container);
      expect(view.getByText('Early starts and long ridgelines.')).toBeDefined();
      expect(view.getByText('Advanced')).toBeDefined();
      expect(view.getByText('Intermediate')).toBeDefined();
      expect(view.getByText('Beginner')).toBeDefined();
      // One Instagram address (ADR 0066): the handle without its "@", on www.instagram.com.
      const link = view.getByRole('link', { name: /trail\.sofia/ });
      expect(link.getAttribute('href')).toBe('https://www.instagram.com/trail.sofia/');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('reads "N/A" for a missing age, gender and bio, and has no Instagram row without a handle', () => {
    for (const instagram of [null, '', '@']) {
      const { container, unmount } = render(
        <PublicProfileDetails profile={{ ...sofia, age: null, gender: null, bio: '  ', instagram }} variant="dialog" />,
      );
      expect(facts(container).slice(0, 2)).toEqual([
        ['Age', 'N/A'],
        ['Gender', 'N/A'],
      ]);
      expect(within(container).queryByText('Instagram')).toBeNull();
      expect(within(container).getByText('N/A', { selector: 'p' })).toBeDefined();
      unmount();
    }
  });

  it('titles its boxes under the page’s h1, or under the dialog’s own h2 title', () => {
    const titles = (container: HTMLElement, level: string) => [...container.querySelectorAll(level)].map((h) => h.textContent);
    const page = render(<PublicProfileDetails profile={sofia} />).container;
    expect(titles(page, 'h2')).toEqual(['About', 'Bio', 'Experience', 'Preferences']);
    const dialog = render(<PublicProfileDetails profile={sofia} variant="dialog" />).container;
    expect(titles(dialog, 'h3')).toEqual(['About', 'Bio', 'Experience', 'Preferences']);
    expect(dialog.querySelector('h2')).toBeNull();
  });

  it('puts the caller’s rows first in "About"', () => {
    const { container } = render(
      <PublicProfileDetails
        profile={sofia}
        extraRows={
          <div>
            <dt>E-mail</dt>
            <dd>sofia@example.com</dd>
          </div>
        }
      />,
    );
    expect(facts(container)[0]).toEqual(['E-mail', 'sofia@example.com']);
  });
});
