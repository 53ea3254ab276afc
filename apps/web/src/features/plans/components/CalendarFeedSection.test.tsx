// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils';
import CalendarFeedSection from './CalendarFeedSection';

const URL_ONCE = 'http://localhost:3000/api/calendar/feed/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.ics';

describe('CalendarFeedSection', () => {
  it('creates the feed, shows its address once to copy, and turns it off', async () => {
    let active = false;
    const routes = [
      { path: '/api/calendar/feed', body: { active: false, createdAt: null } },
      { method: 'POST', path: '/api/calendar/feed', body: { url: URL_ONCE, createdAt: '2026-11-25T10:00:00.000Z' } },
      { method: 'DELETE', path: '/api/calendar/feed', status: 204 },
    ];
    const fetch = mockFetch(routes);
    fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'POST') active = true;
      if (method === 'DELETE') active = false;
      const body =
        method === 'POST'
          ? routes[1]!.body
          : method === 'DELETE'
            ? null
            : { active, createdAt: active ? '2026-11-25T10:00:00.000Z' : null };
      return new Response(body === null ? null : JSON.stringify(body), {
        status: method === 'DELETE' ? 204 : 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });

    renderWithProviders(<CalendarFeedSection />);
    const createButton = await screen.findByRole('button', { name: 'Create calendar feed' });
    await waitFor(() => expect((createButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(createButton);
    const address = await screen.findByRole('textbox', { name: 'Your calendar address' });
    expect((address as HTMLInputElement).value).toBe(URL_ONCE);
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_ONCE));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Create calendar feed' })).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Your calendar address' })).toBeNull();
  });

  it('says the feed is on without an address to show after a reload', async () => {
    mockFetch([{ path: '/api/calendar/feed', body: { active: true, createdAt: '2026-11-25T10:00:00.000Z' } }]);
    renderWithProviders(<CalendarFeedSection />);
    expect(await screen.findByText(/Your calendar feed is on/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'New address' })).toBeDefined();
  });
});
