// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithNavigation } from '../../../testing/navigation-utils';
import { makeTrail, mockFetch } from '../../../testing/test-utils';
import { HomeView } from './HomeView';

const TRAILS = [
  makeTrail({ name: 'Sintra Forest Loop', location: 'Sintra, Portugal', country: 'Portugal', activity: 'hiking' }),
  makeTrail({ name: 'Douro Riverside Run', location: 'Porto, Portugal', country: 'Portugal', activity: 'running' }),
  makeTrail({ name: 'Monsanto Ridge', location: 'Lisbon, Portugal', country: 'Portugal', activity: 'hiking' }),
  makeTrail({ name: 'Retiro Park Run', location: 'Madrid, Spain', country: 'Spain', activity: 'running' }),
  makeTrail({ name: 'Costa Brava Ride', location: 'Girona, Spain', country: 'Spain', activity: 'biking' }),
];

function renderHome({ trails = TRAILS, displayName = null as string | null } = {}) {
  const fetchMock = mockFetch([{ path: '/api/trails', body: { trails } }]);
  const { navigation } = renderWithNavigation(<HomeView displayName={displayName} />);
  return { fetchMock, navigation };
}

const trailNames = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

// Generous: the first render pays for jsdom's cold start, slow when the machine is busy.
describe('HomeView', { timeout: 20_000 }, () => {
  it('lists the trails from the API in their order, with loading skeletons first', async () => {
    const { fetchMock } = renderHome();
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading trails…');
    expect(await screen.findByText('Sintra Forest Loop')).toBeDefined();
    expect(trailNames()).toEqual(TRAILS.map((t) => t.name));
    expect(fetchMock).toHaveBeenCalledWith('/api/trails', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('narrows the list with the activity filter', async () => {
    renderHome();
    await screen.findByText('Sintra Forest Loop');
    const activity = screen.getByRole('group', { name: 'Activity' });

    fireEvent.click(within(activity).getByRole('button', { name: 'Running' }));
    expect(trailNames()).toEqual(['Douro Riverside Run', 'Retiro Park Run']);
    expect(within(activity).getByRole('button', { name: 'Running' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(activity).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(within(activity).getByRole('button', { name: 'Biking' }));
    expect(trailNames()).toEqual(['Costa Brava Ride']);

    fireEvent.click(within(activity).getByRole('button', { name: 'All' }));
    expect(trailNames()).toHaveLength(TRAILS.length);
  });

  it('groups the location filter by the countries that have trails', async () => {
    renderHome();
    await screen.findByText('Sintra Forest Loop');
    const select = screen.getByLabelText('Location') as HTMLSelectElement;

    const groups = [...select.querySelectorAll('optgroup')].map((group) => ({
      label: group.label,
      options: [...group.querySelectorAll('option')].map((option) => option.textContent),
    }));
    expect(groups).toEqual([
      { label: 'Portugal', options: ['All of Portugal', 'Lisbon', 'Porto', 'Sintra'] },
      { label: 'Spain', options: ['All of Spain', 'Girona', 'Madrid'] },
    ]);

    fireEvent.change(select, { target: { value: 'country:Spain' } });
    expect(trailNames()).toEqual(['Retiro Park Run', 'Costa Brava Ride']);

    fireEvent.change(select, { target: { value: 'place:Porto, Portugal' } });
    expect(trailNames()).toEqual(['Douro Riverside Run']);
  });

  it('shows the empty state when no trail matches, and its button resets the filters', async () => {
    renderHome();
    await screen.findByText('Sintra Forest Loop');

    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'country:Spain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hiking' }));
    expect(screen.getByText('No trails match your filters.')).toBeDefined();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(trailNames()).toHaveLength(TRAILS.length);
    expect((screen.getByLabelText('Location') as HTMLSelectElement).value).toBe('');
  });

  it('loads only the first two images eagerly and gives every image its size', async () => {
    renderHome();
    await screen.findByText('Sintra Forest Loop');
    const images = [...document.querySelectorAll('article img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy', 'lazy', 'lazy']);
    for (const img of images) {
      expect(img.getAttribute('width')).toBeTruthy();
      expect(img.getAttribute('height')).toBeTruthy();
    }
  });

  it('asks a visitor to sign in when they choose a trail', async () => {
    const { navigation } = renderHome();
    const trail = await screen.findByRole('button', { name: 'Monsanto Ridge' });
    expect(trail.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(trail);
    expect(navigation.requireSignIn).toHaveBeenCalledTimes(1);
    expect(navigation.navigate).not.toHaveBeenCalled();
  });

  it('greets a signed-in user by name and opens the chosen trail’s detail', async () => {
    const { navigation } = renderHome({ displayName: 'Rita' });
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Rita!' })).toBeDefined();

    const trail = await screen.findByRole('button', { name: 'Monsanto Ridge' });
    expect(trail.getAttribute('aria-haspopup')).toBeNull();
    expect(trail.getAttribute('aria-expanded')).toBeNull();
    fireEvent.click(trail);
    expect(navigation.navigate).toHaveBeenCalledExactlyOnceWith({ name: 'trail-detail', trailId: TRAILS[2]!.id, from: 'home' });
    expect(navigation.requireSignIn).not.toHaveBeenCalled();
    // Nothing expands in place any more: the description lives on the detail view.
    expect(screen.queryByText(TRAILS[2]!.description)).toBeNull();
  });

  it('says so when nothing is scheduled at all', async () => {
    renderHome({ trails: [] });
    expect(await screen.findByText('No trails are scheduled for this weekend.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
  });

  it('links to the product website', async () => {
    renderHome();
    expect(screen.getByRole('link', { name: /Visit our website/ }).getAttribute('href')).toBe('https://trailbuddy.app');
  });
});
