import { getCountries as getRegionCodes, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

/**
 * The phone country table (checklist §7): one entry per region libphonenumber-js knows, named by
 * `Intl.DisplayNames` in the widget's locale and sorted by that name. Unlike FirebaseUI's frozen
 * table, Kosovo is the single +383 entry its numbers use today (checklist §11.7).
 */
export interface Country {
  /** Localized name. */
  name: string;
  /** `<cc>-<ISO2>-0`, unique. */
  e164_key: string;
  /** Calling code without "+". */
  e164_cc: string;
  /** ISO 3166 alpha-2, upper case. */
  iso2_cc: string;
}

export const DEFAULT_COUNTRY_KEY = '1-US-0';

const cache = new Map<string, Country[]>();

/** Every country, sorted by its name in `locale`. */
export function getAllCountries(locale = 'en'): Country[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(locale);
  const list = getRegionCodes()
    .map((iso) => {
      const cc = getCountryCallingCode(iso);
      return { name: names?.of(iso) ?? iso, e164_key: `${cc}-${iso}-0`, e164_cc: cc, iso2_cc: iso };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(locale, list);
  return list;
}

export function getCountryByKey(key: string, countries: readonly Country[] = getAllCountries()): Country | undefined {
  return countries.find((c) => c.e164_key === key);
}

/** Entries with this ISO code (case-insensitive), in list order. */
export function getCountriesByIso2(iso: string, countries: readonly Country[] = getAllCountries()): Country[] {
  const upper = iso.toUpperCase();
  return countries.filter((c) => c.iso2_cc === upper);
}

/** Entries with this calling code ("+44" or "44"), in list order. */
export function getCountriesByCallingCode(code: string, countries: readonly Country[] = getAllCountries()): Country[] {
  const cc = code.replace(/^\+/, '');
  return countries.filter((c) => c.e164_cc === cc);
}

/** Is this region code one libphonenumber-js knows? */
export function isKnownRegion(iso: string): boolean {
  return getRegionCodes().includes(iso.toUpperCase() as CountryCode);
}

/** Entries selected by one list item: "+cc" selects every country with that code, "GB" its ISO entries. */
function selectedBy(entry: string, countries: readonly Country[]): Country[] {
  return entry.startsWith('+') ? getCountriesByCallingCode(entry, countries) : getCountriesByIso2(entry, countries);
}

/**
 * The countries available to the phone page (checklist §3.5, §5.6): all of them by name; a
 * blacklist removes entries (name order stays); a whitelist keeps **its own order**, each "+cc"
 * group in name order, overlaps merged. Unknown entries are ignored. `['+44', 'US']` → GG, IM, JE,
 * GB, US.
 */
export function resolveAvailableCountries(
  lists: { whitelistedCountries?: readonly string[]; blacklistedCountries?: readonly string[] },
  locale = 'en',
): Country[] {
  const all = getAllCountries(locale);
  if (lists.whitelistedCountries) {
    const picked: Country[] = [];
    const seen = new Set<string>();
    for (const entry of lists.whitelistedCountries) {
      for (const country of selectedBy(entry, all)) {
        if (!seen.has(country.e164_key)) {
          seen.add(country.e164_key);
          picked.push(country);
        }
      }
    }
    return picked;
  }
  if (lists.blacklistedCountries) {
    const excluded = new Set(lists.blacklistedCountries.flatMap((entry) => selectedBy(entry, all)).map((c) => c.e164_key));
    return all.filter((c) => !excluded.has(c.e164_key));
  }
  return all;
}

/**
 * The calling code at the start of "+cc…" (codes are prefix-free, so at most one matches):
 * "+961 1" → "961"; "1", "+", "+9", "+96", "+01" → undefined.
 */
export function callingCodePrefix(text: string, countries: readonly Country[] = getAllCountries()): string | undefined {
  const match = /^\+(\d{1,3})/.exec(text.trim());
  if (!match?.[1]) return undefined;
  const digits = match[1];
  const codes = new Set(countries.map((c) => c.e164_cc));
  for (let length = 1; length <= digits.length; length += 1) {
    const candidate = digits.slice(0, length);
    if (codes.has(candidate)) return candidate;
  }
  return undefined;
}

/** Every entry whose "+cc" starts `text` ("+1…" → the 25 NANP entries). */
export function lookupByPrefix(text: string, countries: readonly Country[] = getAllCountries()): Country[] {
  const cc = callingCodePrefix(text, getAllCountries());
  return cc ? getCountriesByCallingCode(cc, countries) : [];
}

/**
 * The country a typed "+cc" selects (checklist §7): the current selection if it has that code (a
 * manual choice of GB over GG is kept), US for +1 when available, else the first in list order.
 */
export function countryForCallingCode(cc: string, countries: readonly Country[], current?: Country): Country | undefined {
  if (current && current.e164_cc === cc && countries.includes(current)) return current;
  const matches = getCountriesByCallingCode(cc, countries);
  if (cc === '1') {
    const us = matches.find((c) => c.iso2_cc === 'US');
    if (us) return us;
  }
  return matches[0];
}

/**
 * The initial country (checklist §3.5, §5.6): the preferred ISO code if available (its first
 * entry), else US, else the first available country.
 */
export function pickDefaultCountry(countries: readonly Country[], preferredIso?: string): Country | undefined {
  if (preferredIso) {
    const preferred = getCountriesByIso2(preferredIso, countries)[0];
    if (preferred) return preferred;
  }
  return getCountryByKey(DEFAULT_COUNTRY_KEY, countries) ?? countries[0];
}

/**
 * Splits a full E.164 login hint into its country and national number (checklist §3.4): the
 * matching "+cc" prefix (+1 → US), the rest trimmed.
 */
export function parseLoginHint(
  hint: string,
  countries: readonly Country[] = getAllCountries(),
): { country: Country; nationalNumber: string } | undefined {
  const cc = callingCodePrefix(hint, getAllCountries());
  if (!cc) return undefined;
  const country = countryForCallingCode(cc, countries);
  if (!country) return undefined;
  return {
    country,
    nationalNumber: hint
      .trim()
      .slice(cc.length + 1)
      .trim(),
  };
}

/** The flag emoji of an ISO code (regional indicator symbols). */
export function flagEmoji(iso2: string): string {
  if (!/^[A-Z]{2}$/.test(iso2)) return '';
  return String.fromCodePoint(...[...iso2].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
