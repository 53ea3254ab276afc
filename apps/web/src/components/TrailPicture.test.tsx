// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { imageSrcSet } from '@trailbuddy/shared/contracts/images';
import { describe, expect, it } from 'vitest';
import '../testing/test-utils';
import { TrailPicture } from './TrailPicture';

describe('TrailPicture', () => {
  it("shows the trail's picture as decoration, with the caller's sizes and loading", () => {
    const { container } = render(<TrailPicture image="/api/files/trails/eagle.webp" width={96} height={72} loading="lazy" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/api/files/trails/eagle.webp');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('width')).toBe('96');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('offers the upload’s widths when told the sizes it is shown at', () => {
    const { container } = render(<TrailPicture image="/api/files/trails/eagle.webp" sizes="100vw" />);
    expect(container.querySelector('img')?.getAttribute('srcset')).toBe(imageSrcSet('/api/files/trails/eagle.webp'));
  });

  it('shows the brand placeholder with a mountain sized for the frame when there is no picture', () => {
    for (const image of [null, undefined, '']) {
      const { container, unmount } = render(<TrailPicture image={image} iconClassName="size-16" />);
      expect(container.querySelector('img')).toBeNull();
      const placeholder = container.querySelector('[aria-hidden="true"]');
      expect(placeholder?.className).toContain('from-brand-600');
      expect(placeholder?.querySelector('svg')?.getAttribute('class')).toContain('size-16');
      unmount();
    }
  });
});
