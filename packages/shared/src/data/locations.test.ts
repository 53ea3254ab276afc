import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CITIES_BY_COUNTRY,
  HOME_FILTER_COUNTRIES,
  PROFILE_COUNTRIES,
  SPEC_COUNTRY_CODES,
  canonicalCity,
  citiesOf,
  countryName,
  findCountry,
  formatLocation,
  isKnownCity,
  parseLocation,
} from './locations';

const SPEC_COUNTRY_NAMES = [
  'Spain', 'France', 'Germany', 'Italy', 'Netherlands', 'Belgium', 'Greece', 'Ireland', 'Sweden', 'Denmark',
  'Norway', 'Finland', 'Switzerland', 'Brazil',
];
const EXTRA_COUNTRY_NAMES = ['United States', 'United Kingdom', 'Canada', 'Austria', 'Australia', 'New Zealand'];
const PORTUGAL_DISTRICT_CAPITALS = [
  'Aveiro', 'Beja', 'Braga', 'Bragança', 'Castelo Branco', 'Coimbra', 'Évora', 'Faro', 'Guarda', 'Leiria',
  'Lisbon', 'Portalegre', 'Porto', 'Santarém', 'Setúbal', 'Viana do Castelo', 'Vila Real', 'Viseu',
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PROFILE_COUNTRIES', () => {
  const names = PROFILE_COUNTRIES.map((c) => c.name);
  const codes = PROFILE_COUNTRIES.map((c) => c.code);

  it('has about 21 entries: Portugal, the 14 spec countries and 6 more', () => {
    expect(PROFILE_COUNTRIES).toHaveLength(21);
    expect([...names].sort()).toEqual(['Portugal', ...SPEC_COUNTRY_NAMES, ...EXTRA_COUNTRY_NAMES].sort());
  });

  it('uses unique upper-case ISO alpha-2 codes and unique names', () => {
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it("pairs each code with its country (checked against ICU's English names)", () => {
    const icu = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const { code, name } of PROFILE_COUNTRIES) expect(icu.of(code)).toBe(name);
  });

  it('lists Portugal first and the rest alphabetically', () => {
    expect(PROFILE_COUNTRIES[0]).toEqual({ code: 'PT', name: 'Portugal' });
    const rest = names.slice(1);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('SPEC_COUNTRY_CODES are the 14 countries the spec names', () => {
    expect(SPEC_COUNTRY_CODES.map((code) => countryName(code)).sort()).toEqual([...SPEC_COUNTRY_NAMES].sort());
  });
});

describe('CITIES_BY_COUNTRY', () => {
  it('gives Portugal exactly 22 cities: 18 district capitals, the island capitals and Sintra', () => {
    expect(CITIES_BY_COUNTRY.PT).toHaveLength(22);
    expect(CITIES_BY_COUNTRY.PT).toEqual(
      expect.arrayContaining([...PORTUGAL_DISTRICT_CAPITALS, 'Funchal', 'Ponta Delgada', 'Angra do Heroísmo', 'Sintra']),
    );
    expect(CITIES_BY_COUNTRY.PT).not.toContain('Cascais');
  });

  it.each(SPEC_COUNTRY_CODES)('gives spec country %s 5 to 7 cities', (code) => {
    expect(CITIES_BY_COUNTRY[code].length).toBeGreaterThanOrEqual(5);
    expect(CITIES_BY_COUNTRY[code].length).toBeLessThanOrEqual(7);
  });

  it('gives every other profile country 5 to 7 cities too, so the City select is never empty', () => {
    for (const { code } of PROFILE_COUNTRIES.filter((c) => c.code !== 'PT')) {
      expect(CITIES_BY_COUNTRY[code].length, code).toBeGreaterThanOrEqual(5);
      expect(CITIES_BY_COUNTRY[code].length, code).toBeLessThanOrEqual(7);
    }
  });

  it('has exactly one entry per profile country', () => {
    expect(Object.keys(CITIES_BY_COUNTRY).sort()).toEqual(PROFILE_COUNTRIES.map((c) => c.code).sort());
  });

  it('has trimmed, comma-free, NFC city names without duplicates in a country', () => {
    for (const [code, cities] of Object.entries(CITIES_BY_COUNTRY)) {
      expect(new Set(cities.map((c) => c.toLowerCase())).size, code).toBe(cities.length);
      for (const city of cities) {
        // A comma would break the stored "City, Country" text.
        expect(city, code).not.toContain(',');
        expect(city, code).toBe(city.trim());
        expect(city, code).toBe(city.normalize('NFC'));
      }
    }
  });
});

describe('HOME_FILTER_COUNTRIES', () => {
  it('has 6 distinct profile countries', () => {
    expect(HOME_FILTER_COUNTRIES).toHaveLength(6);
    expect(new Set(HOME_FILTER_COUNTRIES.map((c) => c.code)).size).toBe(6);
    for (const country of HOME_FILTER_COUNTRIES) expect(PROFILE_COUNTRIES).toContainEqual(country);
  });

  it('starts with Portugal', () => {
    expect(HOME_FILTER_COUNTRIES[0].code).toBe('PT');
  });
});

describe('findCountry / citiesOf / isKnownCity / canonicalCity', () => {
  it.each([
    ['PT', 'PT'],
    ['pt', 'PT'],
    [' gb ', 'GB'],
    ['Portugal', 'PT'],
    ['  united   kingdom ', 'GB'],
    ['UK', undefined],
    ['Atlantis', undefined],
    ['', undefined],
    [null, undefined],
  ])('findCountry(%j) → %s', (input, code) => {
    expect(findCountry(input)?.code).toBe(code);
  });

  it('returns a country’s cities by code or name, and nothing for an unknown country', () => {
    expect(citiesOf('PT')).toHaveLength(22);
    expect(citiesOf('pt')).toBe(CITIES_BY_COUNTRY.PT);
    expect(citiesOf('Norway')).toBe(CITIES_BY_COUNTRY.NO);
    expect(citiesOf('XX')).toEqual([]);
    expect(citiesOf(undefined)).toEqual([]);
  });

  it.each([
    ['PT', 'Lisbon', true],
    ['PT', '  lisbon ', true],
    ['Portugal', 'Angra do Heroísmo', true],
    ['PT', 'Angra do Heroismo', false],
    ['ES', 'Lisbon', false],
    ['XX', 'Lisbon', false],
    ['PT', '', false],
    ['PT', null, false],
  ])('isKnownCity(%j, %j) is %s', (country, city, expected) => {
    expect(isKnownCity(country, city)).toBe(expected);
  });

  it('canonicalCity returns the list’s spelling', () => {
    expect(canonicalCity('NO', ' TROMSØ ')).toBe('Tromsø');
    expect(canonicalCity('NO', 'Lisbon')).toBeUndefined();
  });
});

describe('countryName', () => {
  it('returns the fixed English name without a locale', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('gb')).toBe('United Kingdom');
  });

  it('does not consult Intl for listed countries without a locale, so every ICU build agrees', () => {
    class FakeDisplayNames {
      of(): string {
        return 'translated by ICU';
      }
    }
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl) as typeof Intl, { DisplayNames: FakeDisplayNames }));
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('DE', 'en')).toBe('translated by ICU');
  });

  it('translates with Intl.DisplayNames when a locale is given', () => {
    expect(countryName('DE', 'pt')).toBe('Alemanha');
    expect(countryName('DE', 'de')).toBe('Deutschland');
  });

  it('falls back to the fixed name for an invalid locale tag', () => {
    expect(countryName('DE', 'not a locale!')).toBe('Germany');
  });

  it('falls back to the fixed name where Intl.DisplayNames is missing', () => {
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl) as typeof Intl, { DisplayNames: undefined }));
    expect(countryName('DE', 'pt')).toBe('Germany');
    expect(countryName('JP')).toBe('JP');
  });

  it('names countries outside the list through Intl, else returns the code', () => {
    expect(countryName('JP')).toBe('Japan');
    expect(countryName('JP', 'pt')).toBe('Japão');
    expect(countryName('XX')).toBe('XX');
    expect(countryName('not-a-code')).toBe('NOT-A-CODE');
  });
});

describe('formatLocation / parseLocation', () => {
  it.each([
    ['Lisbon', 'Portugal', 'Lisbon, Portugal'],
    ['  Porto ', ' Portugal ', 'Porto, Portugal'],
    ['Lisbon', '', 'Lisbon'],
    ['', 'Portugal', 'Portugal'],
    [undefined, null, ''],
  ])('formatLocation(%j, %j) → %j', (city, country, expected) => {
    expect(formatLocation(city, country)).toBe(expected);
  });

  it.each([
    ['Lisbon, Portugal', { city: 'Lisbon', country: 'Portugal' }],
    ['  Porto ,   Portugal  ', { city: 'Porto', country: 'Portugal' }],
    ['Angra do Heroísmo, Azores, Portugal', { city: 'Angra do Heroísmo, Azores', country: 'Portugal' }],
    ['Portugal', { city: '', country: 'Portugal' }],
    ['new zealand', { city: '', country: 'new zealand' }],
    ['Sintra', { city: 'Sintra', country: '' }],
    [', Portugal', { city: '', country: 'Portugal' }],
    ['Lisbon,', { city: 'Lisbon', country: '' }],
    ['', { city: '', country: '' }],
    ['   ', { city: '', country: '' }],
    [null, { city: '', country: '' }],
    [undefined, { city: '', country: '' }],
  ])('parseLocation(%j)', (text, expected) => {
    expect(parseLocation(text)).toEqual(expected);
  });

  it('round-trips every city of every profile country', () => {
    for (const { code, name } of PROFILE_COUNTRIES) {
      for (const city of CITIES_BY_COUNTRY[code]) {
        const text = formatLocation(city, name);
        expect(text).toBe(`${city}, ${name}`);
        expect(parseLocation(text)).toEqual({ city, country: name });
      }
    }
  });

  it('round-trips a lone city or a lone country', () => {
    expect(parseLocation(formatLocation('Sintra', ''))).toEqual({ city: 'Sintra', country: '' });
    expect(parseLocation(formatLocation('', 'Norway'))).toEqual({ city: '', country: 'Norway' });
  });
});
