import { describe, expect, it } from 'vitest';
import { signUpFormSchema, passwordResetRequestSchema } from './account';
import { checkWith, fieldErrorsFromIssues } from './field-errors';
import { completeRegistrationSchema, profileFormSchema } from './profile';
import { createTrailSchema } from './trail';
import { trailFormSchema } from './trail-form';

const registration = {
  fullName: 'Rita Sousa',
  age: '31',
  gender: 'Female',
  country: 'Portugal',
  city: 'Porto',
  skills: { hiking: 'advanced', running: 'beginner' },
  bio: 'Weekend hiker who loves the Douro valley.',
  instagram: 'rita.trails',
  preferences: { pace: 'fast', communication: 'quiet', adventureLevel: 'moderate' },
};

describe('form schemas derived from the request schemas', () => {
  it('names each field at fault by its path, first message first, as the API error does', () => {
    const result = profileFormSchema.safeParse({ ...registration, age: '', skills: { hiking: 'expert', running: 'beginner' } });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      age: 'Age is required.',
      'skills.hiking': 'Hiking experience is required.',
    });
  });

  it('sends what the registration route accepts: the typed age becomes its number', () => {
    const checked = checkWith(profileFormSchema, registration);
    expect(checked).toMatchObject({ ok: true, data: { age: 31 } });
    expect(completeRegistrationSchema.safeParse(checked.ok && checked.data).success).toBe(true);
    expect(checkWith(profileFormSchema, { ...registration, age: '200' })).toEqual({
      ok: false,
      fields: { age: 'Age must be between 1 and 120.' },
    });
  });

  it('sign-up: the product’s words for each field, and the confirmation under its own field', () => {
    expect(checkWith(signUpFormSchema, { name: ' ', email: 'rita@example', password: 'abc', confirmPassword: 'abc' })).toEqual({
      ok: false,
      fields: {
        name: 'Enter your account name',
        email: "That email address isn't correct",
        password: 'Strong passwords have at least 6 characters and a mix of letters and numbers',
      },
    });
    const mismatch = checkWith(signUpFormSchema, { name: 'Rita', email: ' rita@example.com ', password: 'secret1', confirmPassword: 'x' });
    expect(mismatch).toEqual({ ok: false, fields: { confirmPassword: 'Passwords do not match' } });
    expect(checkWith(passwordResetRequestSchema, { email: '' })).toEqual({
      ok: false,
      fields: { email: 'Please enter your email address' },
    });
    expect(checkWith(passwordResetRequestSchema, { email: ' rita@example.com ' })).toEqual({
      ok: true,
      data: { email: 'rita@example.com' },
    });
  });

  it('the trail form and the trail request share their rules: location, hours, a web link', () => {
    const trail = {
      name: 'Sintra Loop',
      location: 'Sintra, Portugal',
      length: '10 km',
      hours: '3',
      difficulty: 'Easy',
      activity: 'hiking',
      description: 'Forest.',
      linkmap: 'https://maps.example.com/x',
      weekendDay: 'sunday',
    };
    expect(checkWith(trailFormSchema, trail)).toMatchObject({ ok: true, data: { hours: 3 } });
    const bad = { ...trail, location: 'Sintra', linkmap: 'javascript:alert(1)' };
    expect(checkWith(trailFormSchema, { ...bad, hours: '' })).toEqual({
      ok: false,
      fields: {
        location: 'Location must be written as "City, Country".',
        hours: 'Hours are required.',
        linkmap: 'Map link must be a valid URL, starting with https://.',
      },
    });
    expect(checkWith(createTrailSchema, { ...bad, hours: 3 })).toMatchObject({
      ok: false,
      fields: { location: expect.any(String), linkmap: expect.any(String) },
    });
  });
});
