import { describe, expect, it } from 'vitest';
import { distanceKm, isLatLng } from '../domain/distance';
import { CITY_COORDINATES } from './city-coordinates';
import { cityPoint, locationPoint } from './city-points';
import { CITIES_BY_COUNTRY } from './locations';

describe('CITY_COORDINATES', () => {
  it('has a real point for every city of the profile’s list, and nothing else', () => {
    for (const [country, cities] of Object.entries(CITIES_BY_COUNTRY)) {
      expect(Object.keys(CITY_COORDINATES[country] ?? {}).sort(), country).toEqual([...cities].sort());
      for (const city of cities) {
        const point = cityPoint(country, city);
        expect(isLatLng(point), `${city}, ${country}`).toBe(true);
      }
    }
    expect(Object.keys(CITY_COORDINATES).sort()).toEqual(Object.keys(CITIES_BY_COUNTRY).sort());
  });

  it('resolves the names GeoNames spells otherwise or shares between places to the right one', () => {
    // Within 25 km of each city's centre (an ambiguous name would land hundreds of km away).
    const known: [string, string, number, number][] = [
      ['PT', 'Lisbon', 38.72, -9.14],
      ['PT', 'Castelo Branco', 39.82, -7.49],
      ['US', 'Denver', 39.74, -104.99],
      ['AU', 'Perth', -31.95, 115.86],
      ['GR', 'Heraklion', 35.34, 25.13],
      ['DE', 'Cologne', 50.94, 6.96],
      ['CA', 'Quebec City', 46.81, -71.21],
      ['US', 'New York', 40.71, -74.01],
    ];
    for (const [country, city, latitude, longitude] of known) {
      expect(distanceKm(cityPoint(country, city)!, { latitude, longitude }), `${city}, ${country}`).toBeLessThan(25);
    }
  });
});

describe('cityPoint / locationPoint', () => {
  it('reads a stored "City, Country" in any case, and knows nothing of other places', () => {
    expect(locationPoint('Lisbon, Portugal')).toEqual(cityPoint('PT', 'Lisbon'));
    expect(locationPoint(' lisbon ,  portugal ')).toEqual(cityPoint('PT', 'Lisbon'));
    expect(locationPoint('Lisbon, Spain')).toBeUndefined();
    expect(locationPoint('Atlantis, Portugal')).toBeUndefined();
    expect(locationPoint('')).toBeUndefined();
    expect(locationPoint(null)).toBeUndefined();
  });
});
