// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../testing/test-utils';
import { ReliableBadge } from './ReliableBadge';

describe('ReliableBadge', () => {
  it('says "Reliable" when earned, never a number, and nothing otherwise', () => {
    const { container, rerender } = render(<ReliableBadge reliable />);
    expect(screen.getByText('Reliable')).toBeDefined();
    expect(container.textContent).not.toMatch(/\d/);
    rerender(<ReliableBadge reliable={false} />);
    expect(container.textContent).toBe('');
  });
});
