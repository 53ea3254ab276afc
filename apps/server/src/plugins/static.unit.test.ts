import { describe, expect, it } from 'vitest';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { isVisitor, renderIndexHtml } from './static.js';

describe('renderIndexHtml', () => {
  const template = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
  /** Only the image matters to the page; the rest of a trail is carried through as JSON. */
  const list = (images: (string | null)[]) => {
    const trails = images.map((image) => ({ image }) as Trail);
    return { trails, json: JSON.stringify({ trails }) };
  };
  const page = (trailList: ReturnType<typeof list> | null, visitor = false) => renderIndexHtml(template, { trailList, visitor });

  it('returns the page unchanged without a list, unless it is for a visitor', () => {
    expect(page(null)).toBe(template);
    expect(page(null, true)).toBe(template.replace('</body>', '<script type="application/json" id="initial-me">null</script></body>'));
  });

  it('preloads the first two images, the first at high priority, with their widths when stored', () => {
    const html = page(list(['/api/files/trailImages/a.jpg', 'https://example.com/b.jpg?x=1&y="2"', '/api/files/c.jpg']));
    const preloads = html.match(/<link rel="preload"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(2);
    expect(preloads[0]).toMatch(
      /^<link rel="preload" as="image" href="\/api\/files\/trailImages\/a.jpg" imagesrcset="\/api\/files\/trailImages\/a.jpg\?w=480 480w, /,
    );
    expect(preloads[0]).toContain('fetchpriority="high"');
    expect(preloads[1]).toBe('<link rel="preload" as="image" href="https://example.com/b.jpg?x=1&amp;y=&quot;2&quot;">');
    expect(html.split('</head>')[0]).not.toContain('c.jpg');
  });

  it('preloads nothing for trails without images, and carries the list in the body', () => {
    const html = page(list([null]));
    expect(html).not.toContain('preload');
    expect(html).toContain('<script type="application/json" id="initial-trails">{"trails":[{"image":null}]}</script></body>');
  });
});

describe('isVisitor', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['theme=dark; other.session_token=x', true],
    ['better-auth.session_token=abc.def', false],
    ['theme=dark; __Secure-better-auth.session_token=abc', false],
    ['theme=dark;better-auth.session_token=abc', false],
  ])('%s → %s', (cookie, visitor) => {
    expect(isVisitor(cookie)).toBe(visitor);
  });
});
