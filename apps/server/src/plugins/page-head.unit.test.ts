import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { describe, expect, it } from 'vitest';
import { applyHead, isMemberOnlyPath, trailHead, trailIdOfPath } from './page-head.js';

const ID = '3f1c2a9e-8b7d-4e6f-a5c4-0123456789ab';
const trail = (over: Partial<Trail> = {}) =>
  ({
    id: ID,
    name: 'Ridge',
    location: 'Sintra, Portugal',
    length: '8 km',
    difficulty: 'Easy',
    description: 'Short.',
    image: null,
    ...over,
  }) as Trail;

describe('which paths are what', () => {
  it("reads a trail's id only from its own URL, and only a UUID", () => {
    expect(trailIdOfPath(`/trails/${ID}`)).toBe(ID);
    expect(trailIdOfPath(`/trails/${ID.toUpperCase()}/`)).toBe(ID);
    expect(trailIdOfPath(`/trails/${ID}/buddies`)).toBeUndefined();
    expect(trailIdOfPath('/trails/42')).toBeUndefined();
    expect(trailIdOfPath(`/x/trails/${ID}`)).toBeUndefined();
  });

  it('knows the member-only views by their first segment', () => {
    for (const path of ['/me', '/people/abc', '/matches', '/matches/upcoming', '/agenda/2026-11'])
      expect(isMemberOnlyPath(path), path).toBe(true);
    for (const path of ['/', '/meetups', '/people-like-us', `/trails/${ID}`, '/admin']) expect(isMemberOnlyPath(path), path).toBe(false);
  });
});

describe('trailHead', () => {
  it('names the widest stored copy of the picture and keeps other pictures as they are, all absolute', () => {
    expect(trailHead(trail({ image: '/api/files/trailImages/r.jpg' }), 'https://t.example/')).toMatchObject({
      url: `https://t.example/trails/${ID}`,
      image: 'https://t.example/api/files/trailImages/r.jpg?w=1200',
    });
    expect(trailHead(trail({ image: '/places/coast.jpg' }), 'http://localhost:3000')).toMatchObject({
      image: 'http://localhost:3000/places/coast.jpg',
    });
    expect(trailHead(trail({ image: 'https://cdn.example/x.jpg' }), 'http://localhost:3000')).toMatchObject({
      image: 'https://cdn.example/x.jpg',
    });
  });

  it('cuts a long description at a word, under 200 characters', () => {
    const head = trailHead(trail({ description: `${'word '.repeat(80)}end` }), 'https://t.example');
    if (head.kind !== 'trail') throw new Error('a trail head');
    expect(head.description.length).toBeLessThanOrEqual(200);
    expect(head.description).toMatch(/ word…$/);
  });
});

describe('applyHead', () => {
  const html = '<head><meta name="description" content="generic" /><title>App</title></head><body></body>';

  it('leaves a generic page as it is and adds only noindex to a member-only one', () => {
    expect(applyHead(html, { kind: 'generic' })).toBe(html);
    expect(applyHead(html, { kind: 'member-only' })).toBe(html.replace('</head>', '<meta name="robots" content="noindex"></head>'));
  });

  it('replaces the title and description, even when the text holds replacement patterns', () => {
    const out = applyHead(html, trailHead(trail({ name: "$& $' <A>", description: '$1' }), 'https://t.example'));
    expect(out).toContain('<title>$&amp; $&#39; &lt;A&gt; · TrailBuddy</title>');
    expect(out).not.toContain('generic');
    expect(out.match(/name="description"/g)).toHaveLength(1);
    expect(out).toContain('content="Sintra, Portugal · 8 km · Easy. $1"');
  });
});
