// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../testing/test-utils';
import * as icons from './first-render-icons';

describe('the first render’s icons', () => {
  it('draw one outline each with lucide’s attributes, hidden from assistive technology', () => {
    const all = Object.values(icons);
    expect(all).toHaveLength(11);
    for (const Icon of all) {
      const { container, unmount } = render(<Icon className="size-4 text-brand-700" />);
      const svg = container.querySelector('svg')!;
      expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
      expect(svg.getAttribute('fill')).toBe('none');
      expect(svg.getAttribute('stroke')).toBe('currentColor');
      expect(svg.getAttribute('stroke-width')).toBe('2');
      expect(svg.getAttribute('stroke-linecap')).toBe('round');
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      expect(svg.getAttribute('class')).toBe('size-4 text-brand-700');
      const paths = svg.querySelectorAll('path');
      expect(paths).toHaveLength(1);
      // Every part after the first starts from a point of its own: a relative move there would
      // start where the previous part ended and draw the part in the wrong place.
      expect(paths[0]!.getAttribute('d')!.slice(1)).not.toMatch(/m/);
      unmount();
    }
  });

  it('draws a circle as two arcs around its centre', () => {
    const { container } = render(<icons.ClockIcon />);
    expect(container.querySelector('path')?.getAttribute('d')).toBe('M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0M12 6v6l4 2');
  });

  it('lets a caller that names the icon show it to assistive technology', () => {
    const { container } = render(<icons.HeartIcon aria-hidden={false} role="img" aria-label="Favourite" />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('false');
  });
});
