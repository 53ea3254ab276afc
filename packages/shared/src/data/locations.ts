/**
 * Curated location data (product §3 "location (text "City, Country")", product §9 "Countries",
 * architecture §5 "Locations").
 *
 * The spec describes two country lists it never reconciles ("about 21" for the profile, and
 * Portugal with 22 cities plus 14 countries with 5–7 cities). We reconcile them here: the profile
 * list is Portugal, the 14 named countries and six more popular outdoor destinations, and every
 * one of them gets a city list so the City select is never empty once a country is chosen.
 *
 * Names are fixed English strings rather than computed at run time: a user's location is stored
 * as the text "City, Country", and the server and every browser must produce byte-identical text
 * whatever their default locale or ICU build.
 */

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  readonly code: string;
  /** English short name, as stored inside "City, Country". */
  readonly name: string;
}

/** Portugal first because it is the product's home market; the rest alphabetically by name. */
export const PROFILE_COUNTRIES = [
  { code: 'PT', name: 'Portugal' },
  { code: 'AU', name: 'Australia' },
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BR', name: 'Brazil' },
  { code: 'CA', name: 'Canada' },
  { code: 'DK', name: 'Denmark' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'GR', name: 'Greece' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IT', name: 'Italy' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'NO', name: 'Norway' },
  { code: 'ES', name: 'Spain' },
  { code: 'SE', name: 'Sweden' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
] as const satisfies readonly Country[];

export type ProfileCountry = (typeof PROFILE_COUNTRIES)[number];
export type ProfileCountryCode = ProfileCountry['code'];

/**
 * The 14 countries product §9 lists beside Portugal. Kept as data so tests (and anyone reading)
 * can see which entries come from the spec and which were added.
 */
export const SPEC_COUNTRY_CODES = [
  'ES', 'FR', 'DE', 'IT', 'NL', 'BE', 'GR', 'IE', 'SE', 'DK', 'NO', 'FI', 'CH', 'BR',
] as const satisfies readonly ProfileCountryCode[];

/**
 * Portugal's 22 cities: the 18 mainland district capitals, the capitals of Madeira (Funchal) and
 * of the Azores' historic districts (Ponta Delgada, Angra do Heroísmo), plus Sintra. Sintra was
 * chosen over Cascais because it is the country's best-known hiking area (the Sintra hills),
 * which is what this product is about. "Lisbon" is written in English to match the English
 * country names; the other names keep their Portuguese spelling, which English uses too.
 */
const PORTUGAL_CITIES = [
  'Aveiro', 'Beja', 'Braga', 'Bragança', 'Castelo Branco', 'Coimbra', 'Évora', 'Faro', 'Guarda',
  'Leiria', 'Lisbon', 'Portalegre', 'Porto', 'Santarém', 'Setúbal', 'Viana do Castelo',
  'Vila Real', 'Viseu',
  'Funchal', 'Ponta Delgada', 'Angra do Heroísmo',
  'Sintra',
] as const;

/**
 * Typed by the profile country codes so the compiler rejects a country without cities (or a city
 * list for a country the profile cannot select).
 */
export const CITIES_BY_COUNTRY: { readonly [K in ProfileCountryCode]: readonly string[] } = {
  PT: PORTUGAL_CITIES,
  ES: ['Madrid', 'Barcelona', 'Valencia', 'Seville', 'Granada', 'Bilbao'],
  FR: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Nice', 'Bordeaux', 'Grenoble'],
  DE: ['Berlin', 'Munich', 'Hamburg', 'Frankfurt', 'Cologne', 'Stuttgart', 'Freiburg'],
  IT: ['Rome', 'Milan', 'Florence', 'Turin', 'Naples', 'Bologna'],
  NL: ['Amsterdam', 'Rotterdam', 'The Hague', 'Utrecht', 'Eindhoven', 'Groningen'],
  BE: ['Brussels', 'Antwerp', 'Ghent', 'Bruges', 'Liège', 'Namur'],
  GR: ['Athens', 'Thessaloniki', 'Patras', 'Heraklion', 'Ioannina', 'Chania'],
  IE: ['Dublin', 'Cork', 'Galway', 'Limerick', 'Waterford', 'Killarney'],
  SE: ['Stockholm', 'Gothenburg', 'Malmö', 'Uppsala', 'Umeå', 'Kiruna'],
  DK: ['Copenhagen', 'Aarhus', 'Odense', 'Aalborg', 'Esbjerg'],
  NO: ['Oslo', 'Bergen', 'Trondheim', 'Stavanger', 'Tromsø', 'Ålesund'],
  FI: ['Helsinki', 'Espoo', 'Tampere', 'Turku', 'Oulu', 'Rovaniemi'],
  CH: ['Zurich', 'Geneva', 'Basel', 'Bern', 'Lausanne', 'Lucerne', 'Interlaken'],
  BR: ['São Paulo', 'Rio de Janeiro', 'Brasília', 'Salvador', 'Belo Horizonte', 'Florianópolis', 'Curitiba'],
  US: ['New York', 'Los Angeles', 'San Francisco', 'Seattle', 'Denver', 'Salt Lake City', 'Chicago'],
  GB: ['London', 'Edinburgh', 'Manchester', 'Bristol', 'Glasgow', 'Cardiff'],
  CA: ['Toronto', 'Vancouver', 'Montreal', 'Calgary', 'Ottawa', 'Quebec City'],
  AT: ['Vienna', 'Salzburg', 'Innsbruck', 'Graz', 'Linz'],
  AU: ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Hobart'],
  NZ: ['Auckland', 'Wellington', 'Christchurch', 'Queenstown', 'Dunedin'],
};

/**
 * The home screen's location filter (product §9: 6 countries), chosen as strong trail countries.
 * The screen groups the trails that exist by country, so an entry with no trails stays hidden.
 */
export const HOME_FILTER_COUNTRIES = [
  { code: 'PT', name: 'Portugal' },
  { code: 'ES', name: 'Spain' },
  { code: 'FR', name: 'France' },
  { code: 'IT', name: 'Italy' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'NO', name: 'Norway' },
] as const satisfies readonly ProfileCountry[];

export type HomeFilterCountry = (typeof HOME_FILTER_COUNTRIES)[number];

const byCode = new Map<string, ProfileCountry>(PROFILE_COUNTRIES.map((c) => [c.code, c]));
const byName = new Map<string, ProfileCountry>(PROFILE_COUNTRIES.map((c) => [fold(c.name), c]));

/** Case- and space-insensitive, accent-sensitive: "lisbon " matches "Lisbon", "Evora" is not "Évora". */
function fold(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A profile country by ISO code ("PT", "pt") or by its English name ("Portugal"). Forms and
 * stored "City, Country" text carry names while APIs carry codes, so both are accepted.
 */
export function findCountry(codeOrName: string | null | undefined): ProfileCountry | undefined {
  if (!codeOrName) return undefined;
  return byCode.get(codeOrName.trim().toUpperCase()) ?? byName.get(fold(codeOrName));
}

/**
 * Display name of a country. Without a locale the fixed English name is returned, so text that
 * gets stored or rendered on both server and client is identical everywhere. With a locale,
 * `Intl.DisplayNames` translates it; engines without it (or an invalid locale tag) fall back to
 * the fixed name, and a code outside the list falls back to the code itself.
 */
export function countryName(code: string, locale?: string): string {
  const upper = code.trim().toUpperCase();
  const fixed = byCode.get(upper)?.name;
  if (locale === undefined && fixed !== undefined) return fixed;
  return displayName(upper, locale ?? 'en') ?? fixed ?? upper;
}

function displayName(code: string, locale: string): string | undefined {
  // Read through globalThis at call time: older engines (and some test stubs) lack DisplayNames.
  const DisplayNames = (globalThis.Intl as Partial<typeof Intl> | undefined)?.DisplayNames;
  if (typeof DisplayNames !== 'function') return undefined;
  try {
    // fallback 'none' makes unknown codes return undefined instead of echoing the code.
    return new DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code);
  } catch {
    // RangeError for a malformed locale tag or region code: the caller has a fallback.
    return undefined;
  }
}

/** Cities offered for a country (code or English name); empty for a country outside the list. */
export function citiesOf(codeOrName: string | null | undefined): readonly string[] {
  const country = findCountry(codeOrName);
  return country ? CITIES_BY_COUNTRY[country.code] : [];
}

/**
 * The canonical spelling of a city in a country's list, or undefined. Lets the server store
 * "Lisbon" even when a client sent " lisbon".
 */
export function canonicalCity(codeOrName: string | null | undefined, city: string | null | undefined): string | undefined {
  if (!city) return undefined;
  const wanted = fold(city);
  return citiesOf(codeOrName).find((candidate) => fold(candidate) === wanted);
}

/** Whether the city belongs to the country's list (the registration rule "city of the chosen country"). */
export function isKnownCity(codeOrName: string | null | undefined, city: string | null | undefined): boolean {
  return canonicalCity(codeOrName, city) !== undefined;
}

/** "City, Country"; when one part is missing the other is returned alone (never a dangling comma). */
export function formatLocation(city: string | null | undefined, country: string | null | undefined): string {
  return [city?.trim(), country?.trim()].filter((part): part is string => Boolean(part)).join(', ');
}

export interface ParsedLocation {
  /** '' when absent. */
  readonly city: string;
  /** '' when absent. */
  readonly country: string;
}

/**
 * Splits "City, Country" at the last comma, because a city may be written with a region
 * ("Angra do Heroísmo, Azores, Portugal") while the country is always last. A lone value is
 * taken as the country when it names a known country, else as the city; legacy free text
 * therefore never throws.
 */
export function parseLocation(text: string | null | undefined): ParsedLocation {
  const trimmed = (text ?? '').trim();
  const comma = trimmed.lastIndexOf(',');
  if (comma === -1) {
    return findCountryByName(trimmed) ? { city: '', country: trimmed } : { city: trimmed, country: '' };
  }
  return { city: trimmed.slice(0, comma).trim(), country: trimmed.slice(comma + 1).trim() };
}

function findCountryByName(name: string): ProfileCountry | undefined {
  return name ? byName.get(fold(name)) : undefined;
}
