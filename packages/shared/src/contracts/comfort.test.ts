import { describe, expect, it } from 'vitest';
import { feedbackInputSchema } from '../domain/feedback';
import { comfortPreferencesSchema, NO_COMFORT_PREFERENCES } from './comfort';

describe('comfort preferences', () => {
  it('accepts nothing chosen and a full choice', () => {
    expect(comfortPreferencesSchema.parse(NO_COMFORT_PREFERENCES)).toEqual(NO_COMFORT_PREFERENCES);
    const full = { sameGenderOnly: true, ageMin: 25, ageMax: 25, languages: ['Portuguese', 'English'] };
    expect(comfortPreferencesSchema.parse(full)).toEqual(full);
  });

  it.each([
    [{ ageMin: 40, ageMax: 30 }, 'ageMax', 'The oldest age must not be below the youngest.'],
    [{ ageMin: 0 }, 'ageMin', 'Youngest age must be between 1 and 120.'],
    [{ ageMax: 20.5 }, 'ageMax', 'Oldest age must be a whole number.'],
    [{ languages: ['Klingon'] }, 'languages', 'Choose languages from the list.'],
    [{ languages: ['German', 'German'] }, 'languages', 'Choose each language once.'],
  ])('refuses %j under its field', (change, field, message) => {
    const result = comfortPreferencesSchema.safeParse({ ...NO_COMFORT_PREFERENCES, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: expect.arrayContaining([field]), message });
  });
});

describe('the partner questions of feedback', () => {
  it('keeps the answers given about a hike attended', () => {
    expect(feedbackInputSchema.parse({ attended: true, showedUp: true, onTime: false })).toEqual({
      attended: true,
      rating: 5,
      showedUp: true,
      onTime: false,
    });
  });

  it('refuses them, by name, about a hike not attended', () => {
    const result = feedbackInputSchema.safeParse({ attended: false, paceAsDescribed: true });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['paceAsDescribed'],
      message: 'Pace as described is only allowed when you attended.',
    });
  });
});
