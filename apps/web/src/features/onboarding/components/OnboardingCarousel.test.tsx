// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeNewMe, renderProfileUi } from '../../../testing/profile-utils';
import { mockFetch } from '../../../testing/test-utils';
import OnboardingCarousel from './OnboardingCarousel';

const registered = makeNewMe({ profile: { registrationComplete: true, hasSeenOnboarding: false } });
const seenRoute = { method: 'PATCH', path: '/api/me/profile', body: { ...registered.profile, hasSeenOnboarding: true } };

function renderCarousel(me = registered) {
  const onClose = vi.fn();
  return { onClose, ...renderProfileUi(<OnboardingCarousel onClose={onClose} />, { me }) };
}

const currentStep = () => screen.getAllByRole('button', { name: /^Step \d/ }).find((dot) => dot.getAttribute('aria-current') === 'step');

describe('OnboardingCarousel', { timeout: 20_000 }, () => {
  it('walks through 4 steps with Next, the last one "Get started"', async () => {
    mockFetch([seenRoute]);
    renderCarousel();
    expect(screen.getByRole('dialog', { name: 'How TrailBuddy works' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Step \d/ })).toHaveLength(4);

    const titles = [];
    for (let i = 0; i < 3; i++) {
      titles.push(screen.getByRole('heading', { level: 3 }).textContent);
      expect(currentStep()?.getAttribute('aria-label')).toMatch(new RegExp(`^Step ${i + 1}:`));
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    }
    titles.push(screen.getByRole('heading', { level: 3 }).textContent);
    expect(titles).toEqual(['Pick a trail', 'Choose Saturday or Sunday', 'Get matched with a buddy', 'Hike and give feedback']);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Get started' })).toBeTruthy();
  });

  it('moves between the slides with the Left and Right arrow keys, stopping at either end', () => {
    mockFetch([]);
    renderCarousel();
    const title = () => screen.getByRole('heading', { level: 3 }).textContent;
    const carousel = screen.getByRole('region', { name: 'Onboarding steps' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');

    fireEvent.keyDown(screen.getByRole('button', { name: 'Next' }), { key: 'ArrowRight' });
    expect(title()).toBe('Choose Saturday or Sunday');
    fireEvent.keyDown(screen.getByRole('button', { name: /^Step 2:/ }), { key: 'ArrowRight' });
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(title()).toBe('Hike and give feedback');
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(title()).toBe('Hike and give feedback');
    expect(currentStep()?.getAttribute('aria-label')).toMatch(/^Step 4:/);

    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(title()).toBe('Get matched with a buddy');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft', altKey: true });
    expect(title()).toBe('Get matched with a buddy');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(title()).toBe('Pick a trail');
  });

  it('lets the dots jump to a step', () => {
    mockFetch([]);
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: /^Step 3:/ }));
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Get matched with a buddy');
    expect(currentStep()?.getAttribute('aria-label')).toBe('Step 3: Get matched with a buddy');
  });

  it('finishing marks onboarding as seen, once, then closes', async () => {
    const fetchMock = mockFetch([seenRoute, { path: '/api/me', body: { ...registered, profile: seenRoute.body } }]);
    const { onClose, queryClient } = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: /^Step 4:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]![0]).toBe('/api/me/profile');
    expect(JSON.parse(String(patches[0]![1]?.body))).toEqual({ hasSeenOnboarding: true });
    expect(queryClient.getQueryData<typeof registered>(['me'])?.profile.hasSeenOnboarding).toBe(true);
  });

  it('closing early (Escape) also marks it as seen', async () => {
    const fetchMock = mockFetch([seenRoute, { path: '/api/me', body: { ...registered, profile: seenRoute.body } }]);
    const { onClose } = renderCarousel();
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(1);
  });

  it('reopened from the help button, it just closes without writing', () => {
    const fetchMock = mockFetch([]);
    const { onClose } = renderCarousel(makeNewMe({ profile: { registrationComplete: true, hasSeenOnboarding: true } }));
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
