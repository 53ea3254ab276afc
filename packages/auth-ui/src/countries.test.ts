import { describe, expect, it } from 'vitest';
import {
  callingCodePrefix,
  countryForCallingCode,
  DEFAULT_COUNTRY_KEY,
  flagEmoji,
  getAllCountries,
  getCountriesByCallingCode,
  getCountryByKey,
  lookupByPrefix,
  parseLoginHint,
  pickDefaultCountry,
  resolveAvailableCountries,
} from './countries';

const isos = (list: { iso2_cc: string }[]) => list.map((c) => c.iso2_cc);

/** FirebaseUI v6's table (checklist Appendix A) as ISO:code pairs, 248 entries. */
const APPENDIX_A = (
  'AF:93 AX:358 AL:355 DZ:213 AS:1 AD:376 AO:244 AI:1 AG:1 AR:54 AM:374 AW:297 AC:247 AU:61 AT:43 AZ:994 BS:1 ' +
  'BH:973 BD:880 BB:1 BY:375 BE:32 BZ:501 BJ:229 BM:1 BT:975 BO:591 BA:387 BW:267 BR:55 IO:246 VG:1 BN:673 BG:359 ' +
  'BF:226 BI:257 KH:855 CM:237 CA:1 CV:238 BQ:599 KY:1 CF:236 TD:235 CL:56 CN:86 CX:61 CC:61 CO:57 KM:269 CK:682 ' +
  'CR:506 HR:385 CU:53 CW:599 CY:357 CZ:420 CI:225 CD:243 DK:45 DJ:253 DM:1 DO:1 TL:670 EC:593 EG:20 SV:503 ' +
  'GQ:240 ER:291 EE:372 ET:251 FK:500 FO:298 FJ:679 FI:358 FR:33 GF:594 PF:689 GA:241 GM:220 GE:995 DE:49 GH:233 ' +
  'GI:350 GR:30 GL:299 GD:1 GP:590 GU:1 GT:502 GG:44 GN:224 GW:245 GY:592 HT:509 HM:672 HN:504 HK:852 HU:36 ' +
  'IS:354 IN:91 ID:62 IR:98 IQ:964 IE:353 IM:44 IL:972 IT:39 JM:1 JP:81 JE:44 JO:962 KZ:7 KE:254 KI:686 XK:377 ' +
  'XK:381 XK:386 KW:965 KG:996 LA:856 LV:371 LB:961 LS:266 LR:231 LY:218 LI:423 LT:370 LU:352 MO:853 MK:389 ' +
  'MG:261 MW:265 MY:60 MV:960 ML:223 MT:356 MH:692 MQ:596 MR:222 MU:230 YT:262 MX:52 FM:691 MD:373 MC:377 MN:976 ' +
  'ME:382 MS:1 MA:212 MZ:258 MM:95 NA:264 NR:674 NP:977 NL:31 NC:687 NZ:64 NI:505 NE:227 NG:234 NU:683 NF:672 ' +
  'KP:850 MP:1 NO:47 OM:968 PK:92 PW:680 PS:970 PA:507 PG:675 PY:595 PE:51 PH:63 PL:48 PT:351 PR:1 QA:974 CG:242 ' +
  'RO:40 RU:7 RW:250 RE:262 BL:590 SH:290 MF:590 PM:508 WS:685 SM:378 SA:966 SN:221 RS:381 SC:248 SL:232 SG:65 ' +
  'SX:1 SK:421 SI:386 SB:677 SO:252 ZA:27 GS:500 KR:82 SS:211 ES:34 LK:94 KN:1 LC:1 VC:1 SD:249 SR:597 SJ:47 ' +
  'SZ:268 SE:46 CH:41 SY:963 ST:239 TW:886 TJ:992 TZ:255 TH:66 TG:228 TK:690 TO:676 TT:1 TN:216 TR:90 TM:993 TC:1 ' +
  'TV:688 VI:1 UG:256 UA:380 AE:971 GB:44 US:1 UY:598 UZ:998 VU:678 VA:379 VE:58 VN:84 WF:681 EH:212 YE:967 ' +
  'ZM:260 ZW:263'
).split(' ');

function appendixTable(): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const pair of APPENDIX_A) {
    const [iso, code] = pair.split(':') as [string, string];
    table.set(iso, [...(table.get(iso) ?? []), code]);
  }
  return table;
}

describe('country table (checklist §7)', () => {
  const all = getAllCountries();

  it('has about 250 entries with unique keys', () => {
    expect(all.length).toBeGreaterThanOrEqual(240);
    expect(new Set(all.map((c) => c.e164_key)).size).toBe(all.length);
    for (const c of all) expect(c.e164_key).toBe(`${c.e164_cc}-${c.iso2_cc}-0`);
  });

  it('differs from FirebaseUI v6 only where the numbering plan moved on', () => {
    const appendix = appendixTable();
    expect([...appendix.values()].flat()).toHaveLength(248);
    const ours = new Map(all.map((c) => [c.iso2_cc, c.e164_cc]));
    const missing = [...appendix.keys()].filter((iso) => !ours.has(iso));
    const extra = [...ours.keys()].filter((iso) => !appendix.has(iso));
    const changed = [...appendix].filter(([iso, codes]) => ours.has(iso) && !codes.includes(ours.get(iso)!)).map(([iso]) => iso);
    // HM and GS (no numbering plans of their own) are gone; Tristan da Cunha is new; Kosovo has
    // +383 instead of three legacy codes (§11.7); Vatican City dials +39 (FirebaseUI had +379).
    expect(missing.sort()).toEqual(['GS', 'HM']);
    expect(extra).toEqual(['TA']);
    expect(changed.sort()).toEqual(['VA', 'XK']);
  });

  it('sorts by the localized name', () => {
    const names = all.map((c) => c.name);
    expect([...names].sort(new Intl.Collator('en').compare)).toEqual(names);
    expect(all[0]?.iso2_cc).toBe('AF');
    const french = getAllCountries('fr');
    expect(french.find((c) => c.iso2_cc === 'DE')?.name).toBe('Allemagne');
    expect(french.map((c) => c.name)).toEqual([...french.map((c) => c.name)].sort(new Intl.Collator('fr').compare));
  });

  it('has the shared calling codes', () => {
    expect(getCountriesByCallingCode('+1')).toHaveLength(25);
    expect(isos(getCountriesByCallingCode('44'))).toEqual(['GG', 'IM', 'JE', 'GB']);
    expect(isos(getCountriesByCallingCode('+7')).sort()).toEqual(['KZ', 'RU']);
  });

  it('defaults to US (1-US-0)', () => {
    expect(DEFAULT_COUNTRY_KEY).toBe('1-US-0');
    expect(getCountryByKey(DEFAULT_COUNTRY_KEY)?.name).toBe('United States');
    expect(pickDefaultCountry(all)?.iso2_cc).toBe('US');
  });
});

describe('whitelist and blacklist (checklist §3.5, §5.6)', () => {
  it('keeps the whitelist order, each +cc group in name order', () => {
    expect(isos(resolveAvailableCountries({ whitelistedCountries: ['+44', 'US'] }))).toEqual(['GG', 'IM', 'JE', 'GB', 'US']);
    expect(isos(resolveAvailableCountries({ whitelistedCountries: ['US', '+44'] }))).toEqual(['US', 'GG', 'IM', 'JE', 'GB']);
  });

  it('merges duplicates and ignores unknown codes', () => {
    expect(isos(resolveAvailableCountries({ whitelistedCountries: ['gb', '+44', 'GB', 'ZZ', '+999'] }))).toEqual(['GB', 'GG', 'IM', 'JE']);
    expect(resolveAvailableCountries({ whitelistedCountries: ['ZZ'] })).toEqual([]);
  });

  it('removes blacklisted countries and keeps name order', () => {
    const list = resolveAvailableCountries({ blacklistedCountries: ['+44', 'US'] });
    expect(isos(list)).not.toContain('GB');
    expect(isos(list)).not.toContain('JE');
    expect(isos(list)).not.toContain('US');
    expect(list).toHaveLength(getAllCountries().length - 5);
    expect(resolveAvailableCountries({ blacklistedCountries: [] })).toHaveLength(getAllCountries().length);
  });

  it('falls back to US, then the first available country', () => {
    expect(pickDefaultCountry(resolveAvailableCountries({ blacklistedCountries: ['US'] }))?.iso2_cc).toBe('AF');
    expect(pickDefaultCountry(resolveAvailableCountries({ whitelistedCountries: ['FR', 'DE'] }))?.iso2_cc).toBe('FR');
    expect(pickDefaultCountry(resolveAvailableCountries({ whitelistedCountries: ['FR', 'US'] }))?.iso2_cc).toBe('US');
    expect(pickDefaultCountry(getAllCountries(), 'gb')?.iso2_cc).toBe('GB');
    expect(pickDefaultCountry(resolveAvailableCountries({ whitelistedCountries: ['FR'] }), 'GB')?.iso2_cc).toBe('FR');
  });
});

describe('lookup by "+cc" (checklist §7)', () => {
  it('matches a calling-code prefix', () => {
    expect(lookupByPrefix('+1 650 555')).toHaveLength(25);
    expect(isos(lookupByPrefix('+961 3 123'))).toEqual(['LB']);
    for (const text of ['1', '+', '+9', '+96', '+01', '']) expect(lookupByPrefix(text)).toEqual([]);
    expect(callingCodePrefix('+4420')).toBe('44');
  });

  it('picks US for +1, else the first in list order, keeping a manual choice', () => {
    const all = getAllCountries();
    expect(countryForCallingCode('1', all)?.iso2_cc).toBe('US');
    expect(countryForCallingCode('44', all)?.iso2_cc).toBe('GG');
    const gb = all.find((c) => c.iso2_cc === 'GB');
    expect(countryForCallingCode('44', all, gb)?.iso2_cc).toBe('GB');
    const noUs = resolveAvailableCountries({ blacklistedCountries: ['US'] });
    expect(countryForCallingCode('1', noUs)?.iso2_cc).toBe('AS');
  });

  it('parses a login hint', () => {
    expect(parseLoginHint('+1 6505550101')).toEqual({ country: getCountryByKey('1-US-0'), nationalNumber: '6505550101' });
    expect(parseLoginHint('+44 7700 900123')?.nationalNumber).toBe('7700 900123');
    expect(parseLoginHint('6505550101')).toBeUndefined();
  });

  it('draws flags from regional indicators', () => {
    expect(flagEmoji('US')).toBe('🇺🇸');
    expect(flagEmoji('x')).toBe('');
  });
});
