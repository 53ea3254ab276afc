// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import type { BlockedPerson } from '@trailbuddy/shared/contracts/safety';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils';
import SafetyActions from './SafetyActions';

const rui = { id: 'u2', name: 'Rui' };

describe('SafetyActions (issue 23)', { timeout: 20_000 }, () => {
  it('shows on the card at once that I blocked the person, with Unblock, and Block again once undone', async () => {
    let blocked: BlockedPerson[] = [];
    const fetchMock = mockFetch([
      { path: '/api/blocks', body: () => ({ people: blocked }) },
      {
        method: 'POST',
        path: '/api/blocks',
        body: () => ((blocked = [{ userId: rui.id, name: 'Rui', image: null, blockedAt: '2026-11-28T10:00:00.000Z' }]), { blocked: true }),
      },
      { method: 'DELETE', path: `/api/blocks/${rui.id}`, status: 204, body: () => ((blocked = []), undefined) },
    ]);
    const onBlocked = vi.fn();
    renderWithProviders(<SafetyActions person={rui} matchId="m1" compact onBlocked={onBlocked} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Block Rui' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Block Rui?' })).getByRole('button', { name: 'Block' }));

    expect((await screen.findByRole('status')).textContent).toBe('You blocked Rui');
    expect(screen.queryByRole('button', { name: 'Block Rui' })).toBeNull();
    // The profile dialog around it is told, and closes (the dialog outlives the list's refresh).
    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Block Rui?' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unblock Rui' }));
    expect(await screen.findByRole('button', { name: 'Block Rui' })).toBeDefined();
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetchMock.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(expect.arrayContaining(['POST', 'DELETE']));
  });
});
