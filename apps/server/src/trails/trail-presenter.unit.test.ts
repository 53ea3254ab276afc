import { describe, expect, it } from 'vitest';
import { matchTrail, toTrail, type ListedRow } from './trail-presenter.js';

const row: ListedRow = {
  id: 't-1',
  name: 'Preikestolen',
  location: 'Stavanger',
  country: 'Norway',
  length: '8 km',
  hours: 4,
  difficulty: 'Moderate',
  activity: 'hiking',
  description: 'The pulpit rock.',
  linkmap: 'https://maps.example/preikestolen',
  image: 'trailImages/Preikestolen-rock.jpg',
  map: null,
  startTime: new Date('2026-12-05T09:00:00Z'),
  endTime: new Date('2026-12-05T13:00:00Z'),
  weekendDay: 'saturday',
  startTimes: ['10:00'],
  order: 3,
  trailheadLatitude: 58.9868,
  trailheadLongitude: 6.1901,
  routeDistanceM: null,
  routeGainM: null,
  routeLossM: null,
  routeHighestM: null,
  routeLowestM: null,
  recurredFromId: null,
  createdBy: null,
  createdAt: new Date('2026-11-01T00:00:00Z'),
};

describe('toTrail', () => {
  it('serves stored files by address, never by storage key, and keeps absolute addresses', () => {
    const trail = toTrail(row);
    expect(trail.image).toBe('/api/files/trailImages/Preikestolen-rock.jpg');
    expect(trail.map).toBeNull();
    expect(toTrail({ ...row, image: 'https://cdn.example/p.jpg', map: '/demo/map.png' })).toMatchObject({
      image: 'https://cdn.example/p.jpg',
      map: '/demo/map.png',
    });
  });

  it('gives times as ISO strings, the trailhead only when both coordinates are known, and no route summary without a route', () => {
    const trail = toTrail(row);
    expect(trail.startTime).toBe('2026-12-05T09:00:00.000Z');
    expect(trail.trailhead).toEqual({ latitude: 58.9868, longitude: 6.1901 });
    expect(toTrail({ ...row, trailheadLongitude: null }).trailhead).toBeNull();
    expect(trail.route).toBeNull();
    expect(
      toTrail({ ...row, routeDistanceM: 8000, routeGainM: 350, routeLossM: 350, routeHighestM: 604, routeLowestM: 270 }).route,
    ).toEqual({
      distanceMeters: 8000,
      elevationGainMeters: 350,
      elevationLossMeters: 350,
      highestPointMeters: 604,
      lowestPointMeters: 270,
    });
  });
});

describe('matchTrail', () => {
  it('is the short form a match carries, with the picture by address', () => {
    expect(matchTrail(row)).toEqual({
      id: 't-1',
      name: 'Preikestolen',
      location: 'Stavanger',
      activity: 'hiking',
      image: '/api/files/trailImages/Preikestolen-rock.jpg',
    });
  });
});
