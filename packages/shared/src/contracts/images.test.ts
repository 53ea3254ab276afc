import { describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS, imageSrcSet } from './images';

describe('imageSrcSet', () => {
  it('lists every variant width for a stored file, narrowest first', () => {
    expect(imageSrcSet('/api/files/trailImages/a.jpg')).toBe(
      '/api/files/trailImages/a.jpg?w=480 480w, /api/files/trailImages/a.jpg?w=800 800w, /api/files/trailImages/a.jpg?w=1200 1200w',
    );
    expect([...IMAGE_VARIANT_WIDTHS]).toEqual([...IMAGE_VARIANT_WIDTHS].sort((a, b) => a - b));
  });

  it('offers nothing for other URLs, nor for a URL that already names a variant', () => {
    expect(imageSrcSet('https://example.com/a.jpg')).toBeUndefined();
    expect(imageSrcSet('/images/trail-1.jpg')).toBeUndefined();
    expect(imageSrcSet('/api/files/trailImages/a.jpg?w=480')).toBeUndefined();
  });
});
