import { describe, expect, it } from 'vitest';
import { crossSiteRefusal } from './cross-site.js';

const OURS = new Set(['https://trailbuddy.example', 'https://www.trailbuddy.example']);
const refused = (method: string, headers: Parameters<typeof crossSiteRefusal>[1]) => crossSiteRefusal(method, headers, OURS) !== null;

describe('crossSiteRefusal', () => {
  it('never refuses a safe method, whatever the headers', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) {
      expect(refused(method, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).toBe(false);
    }
  });

  it('lets our own origins and requests without browser headers change state', () => {
    expect(refused('POST', { origin: 'https://trailbuddy.example', 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(refused('DELETE', { origin: 'https://www.trailbuddy.example', 'sec-fetch-site': 'same-site' })).toBe(false);
    expect(refused('PUT', {})).toBe(false);
    expect(refused('POST', { 'sec-fetch-site': 'none' })).toBe(false);
  });

  it('refuses another origin, a null or garbled one, and an Origin that only differs by port or scheme', () => {
    for (const origin of ['https://evil.example', 'null', 'garbage', 'https://trailbuddy.example:8443', 'http://trailbuddy.example']) {
      expect(refused('POST', { origin }), origin).toBe(true);
    }
    expect(refused('POST', { origin: ['https://trailbuddy.example', 'https://evil.example'] })).toBe(true);
  });

  it('takes a browser’s same-origin marker over the Origin: our own form posts send Origin null under no-referrer', () => {
    expect(refused('POST', { origin: 'null', 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(refused('POST', { origin: 'null', 'sec-fetch-site': 'same-site' })).toBe(true);
  });

  it('refuses what a browser marks cross-site even with our Origin, and same-site without one', () => {
    expect(refused('POST', { origin: 'https://trailbuddy.example', 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(refused('PATCH', { 'sec-fetch-site': 'Cross-Site' })).toBe(true);
    expect(refused('POST', { 'sec-fetch-site': 'same-site' })).toBe(true);
  });

  it('judges by the Referer when a browser sent no Origin', () => {
    expect(refused('POST', { referer: 'https://trailbuddy.example/profile' })).toBe(false);
    expect(refused('POST', { referer: 'https://evil.example/trailbuddy.example' })).toBe(true);
    expect(refused('POST', { referer: 'not a url' })).toBe(true);
    // The Origin wins over the Referer.
    expect(refused('POST', { origin: 'https://trailbuddy.example', referer: 'https://evil.example/' })).toBe(false);
  });
});
