import { PROFILE_DEFAULTS } from '@trailbuddy/shared/contracts/enums';
import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import { describe, expect, it } from 'vitest';
import { asSeenBy, nameAsSeenBy, profileDefaultsFor, toPublicProfile, unavailableProfile, type ProfileRow } from './person.js';

const user = { id: 'u-1', name: 'ingrid@example.com' };
const profile: ProfileRow = {
  ...profileDefaultsFor('u-1'),
  fullName: 'Ingrid Berg',
  image: '/api/files/profilePictures/u-1/profile_u-1_1.jpg',
  age: 34,
  gender: 'Female',
  country: 'Norway',
  city: 'Bergen',
  bio: 'Fjords before breakfast.',
  instagram: 'ingrid.hikes',
  skillHiking: 'advanced',
  pace: 'fast',
  comfortSameGender: true,
  comfortAgeMin: 30,
  maxTravelKm: 80,
  reliable: true,
};

describe('toPublicProfile', () => {
  it('shows what anyone may see of a person, and nothing of their comfort settings or travel range', () => {
    const shown = toPublicProfile(user, profile);
    expect(shown).toEqual({
      id: 'u-1',
      name: 'Ingrid Berg',
      image: profile.image,
      age: 34,
      location: 'Bergen, Norway',
      gender: 'Female',
      skills: { hiking: 'advanced', running: PROFILE_DEFAULTS.skills.running, biking: PROFILE_DEFAULTS.skills.biking },
      bio: 'Fjords before breakfast.',
      instagram: 'ingrid.hikes',
      preferences: {
        pace: 'fast',
        communication: PROFILE_DEFAULTS.preferences.communication,
        adventureLevel: PROFILE_DEFAULTS.preferences.adventureLevel,
      },
      reliable: true,
    });
    expect(JSON.stringify(shown)).not.toMatch(/comfort|maxTravel|example\.com/);
  });

  it('gives a person without a profile yet the product defaults under their account name', () => {
    const shown = toPublicProfile({ id: 'u-2', name: 'Sofia' }, null);
    expect(shown.name).toBe('Sofia');
    expect(shown.image).toBe(DEFAULT_AVATAR);
    expect(shown.location).toBeNull();
    expect(shown.skills).toEqual(PROFILE_DEFAULTS.skills);
    expect(shown.preferences).toEqual(PROFILE_DEFAULTS.preferences);
  });

  it('shows a country alone when there is no city', () => {
    expect(toPublicProfile(user, { ...profile, city: null }).location).toBe('Norway');
  });
});

describe('a person as the other side of a block sees them', () => {
  const shown = toPublicProfile(user, profile);

  it('keeps the first name with the label and nothing else of the profile', () => {
    expect(unavailableProfile(shown)).toEqual({
      id: 'u-1',
      name: 'Ingrid (no longer available)',
      image: DEFAULT_AVATAR,
      age: null,
      location: null,
      gender: null,
      skills: PROFILE_DEFAULTS.skills,
      bio: null,
      instagram: null,
      preferences: PROFILE_DEFAULTS.preferences,
      reliable: false,
    });
  });

  it('applies only to the people in a block with the viewer', () => {
    expect(asSeenBy(new Set(['u-1']), shown).name).toBe('Ingrid (no longer available)');
    expect(asSeenBy(new Set(['u-9']), shown)).toBe(shown);
    expect(nameAsSeenBy(new Set(['u-1']), 'u-1', 'Ingrid Berg')).toBe('Ingrid (no longer available)');
    expect(nameAsSeenBy(new Set(['u-1']), 'u-9', 'Sofia Lind')).toBe('Sofia Lind');
    expect(nameAsSeenBy(new Set(['u-1']), null, 'TrailBuddy')).toBe('TrailBuddy');
  });
});
