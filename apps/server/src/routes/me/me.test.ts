import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/index.js';
import { queuedMail } from '../../test/queued-jobs.js';
import { multipartFile } from '../../test/multipart.js';
import {
  createTestApp,
  signIn,
  signUp,
  TEST_ADMIN,
  TEST_ORIGIN,
  validRegistration,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';

let t: TestApp;
let rita: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  rita = await signUp(t, 'rita@example.com', 'secret123', 'Rita');
});
afterAll(async () => t.close());

const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });
const register = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/me/registration', headers: { cookie }, payload: payload as object });

describe('GET /api/me', () => {
  it('refuses visitors with 401', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it("returns a new user's account with the spec's profile defaults", async () => {
    const res = await me(rita.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: rita.id, email: 'rita@example.com', name: 'Rita', emailVerified: false });
    expect(body.isAdmin).toBe(false);
    expect(body.profile).toMatchObject({
      name: 'Rita',
      image: '/avatars/avatar-1.png',
      skills: { hiking: 'beginner', running: 'beginner' },
      preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' },
      hasSeenOnboarding: false,
      registrationComplete: false,
      age: null,
      bio: null,
    });
  });

  it('says isAdmin only for an exact, case-sensitive ADMIN_EMAILS match', async () => {
    const admin = await signUp(t, TEST_ADMIN);
    expect((await me(admin.cookie)).json().isAdmin).toBe(true);
    // ADMIN_EMAILS lists "Curator@Example.com"; the account's address is stored lower-case.
    const curator = await signUp(t, 'curator@example.com');
    expect((await me(curator.cookie)).json().isAdmin).toBe(false);
  });
});

describe('PUT /api/me/registration', () => {
  it.each([
    ['fullName', { fullName: '' }, 'Full name is required.'],
    ['age', { age: 0 }, 'Age must be between 1 and 120.'],
    ['age', { age: 121 }, 'Age must be between 1 and 120.'],
    ['age', { age: 'abc' }, 'Age must be a number.'],
    ['gender', { gender: 'Robot' }, 'Gender is required.'],
    ['country', { country: '' }, 'Country is required.'],
    ['city', { city: '' }, 'City is required.'],
    ['skills.hiking', { skills: { running: 'beginner' } }, 'Hiking experience is required.'],
    ['bio', { bio: 'too short' }, 'Bio must be between 10 and 500 characters.'],
    ['bio', { bio: 'x'.repeat(501) }, 'Bio must be between 10 and 500 characters.'],
    ['instagram', { instagram: 'x'.repeat(61) }, 'Instagram handle is too long.'],
  ])('refuses a bad %s with a 400 naming it', async (field, change, message) => {
    const res = await register(rita.cookie, { ...validRegistration(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('refuses a city outside the chosen country, and a country not in the list', async () => {
    const wrongCity = await register(rita.cookie, { ...validRegistration(), city: 'Madrid' });
    expect(wrongCity.statusCode).toBe(400);
    expect(wrongCity.json().error.fields.city).toBe('Choose a city in Portugal.');
    const wrongCountry = await register(rita.cookie, { ...validRegistration(), country: 'Atlantis' });
    expect(wrongCountry.json().error.fields.country).toBe('Choose a country from the list.');
  });

  it('wrote nothing for refused input', async () => {
    const rows = await t.database.db.select().from(profiles).where(eq(profiles.userId, rita.id));
    expect(rows).toEqual([]);
  });

  it('refuses visitors', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/registration', payload: validRegistration() });
    expect(res.statusCode).toBe(401);
  });

  it('completes the profile and queues exactly one welcome mail', async () => {
    const res = await register(rita.cookie, validRegistration());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Rita Sousa',
      location: 'Lisbon, Portugal',
      age: 30,
      registrationComplete: true,
      email: 'rita@example.com',
    });
    await register(rita.cookie, validRegistration());
    const mails = await queuedMail(t.database.db, { template: 'welcome' });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'rita@example.com', params: { to_email: 'rita@example.com', to_name: 'Rita Sousa' } });
  });
});

describe('the Instagram handle is optional (issue 23)', () => {
  it('completes a profile without one', async () => {
    const quiet = await signUp(t, 'no-handle@example.com');
    const { instagram: _omitted, ...withoutHandle } = validRegistration();
    const res = await register(quiet.cookie, withoutHandle);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ registrationComplete: true, instagram: null });
  });

  it('stores an empty handle as none, and an edit can remove one', async () => {
    const later = await signUp(t, 'handle-later@example.com');
    expect((await register(later.cookie, { ...validRegistration(), instagram: '  ' })).json().instagram).toBeNull();
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie: later.cookie }, payload });
    expect((await patch({ instagram: 'later.trails' })).json().instagram).toBe('later.trails');
    expect((await patch({ instagram: '' })).json().instagram).toBeNull();
  });
});

describe('the biking skill (issue 23)', () => {
  it('is stored beside hiking and running, a beginner when a request leaves it out, and edited like them', async () => {
    const cyclist = await signUp(t, 'cyclist@example.com');
    const res = await register(cyclist.cookie, {
      ...validRegistration(),
      skills: { hiking: 'beginner', running: 'beginner', biking: 'advanced' },
    });
    expect(res.json().skills).toEqual({ hiking: 'beginner', running: 'beginner', biking: 'advanced' });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: cyclist.cookie },
      payload: { skills: { hiking: 'beginner', running: 'beginner', biking: 'intermediate' } },
    });
    expect(edited.json().skills.biking).toBe('intermediate');
    const bad = await register(cyclist.cookie, {
      ...validRegistration(),
      skills: { hiking: 'beginner', running: 'beginner', biking: 'pro' },
    });
    expect([bad.statusCode, bad.json().error.fields['skills.biking']]).toEqual([400, 'Biking experience is required.']);

    const older = await signUp(t, 'older-client@example.com');
    expect((await register(older.cookie, validRegistration())).json().skills.biking).toBe('beginner');
  });
});

describe('registration after choosing a photo', () => {
  it('completes a profile whose row the avatar choice already created, keeping the avatar', async () => {
    const early = await signUp(t, 'early-avatar@example.com');
    await t.app.inject({ method: 'PUT', url: '/api/me/avatar', headers: { cookie: early.cookie }, payload: { avatar: 5 } });
    const res = await register(early.cookie, validRegistration());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ registrationComplete: true, image: '/avatars/avatar-5.png' });
  });
});

describe('PATCH /api/me/profile', () => {
  const patch = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie }, payload });

  it('edits fields and keeps the rest', async () => {
    const res = await patch(rita.cookie, {
      bio: 'Now into trail running too!',
      preferences: { pace: 'fast', communication: 'quiet', adventureLevel: 'adventurous' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bio: 'Now into trail running too!', age: 30, preferences: { pace: 'fast' } });
  });

  it('does not let the e-mail be edited', async () => {
    const res = await patch(rita.cookie, { email: 'new@example.com' });
    expect(res.statusCode).toBe(400);
    expect((await me(rita.cookie)).json().user.email).toBe('rita@example.com');
  });

  it('moves the city with a new country, and refuses a city without one', async () => {
    const lonely = await signUp(t, 'lonely@example.com');
    const cityOnly = await patch(lonely.cookie, { city: 'Lisbon' });
    expect(cityOnly.statusCode).toBe(400);
    expect(cityOnly.json().error.fields.city).toBe('Choose a country before the city.');
    const moved = await patch(rita.cookie, { country: 'Spain', city: 'Madrid' });
    expect(moved.json()).toMatchObject({ location: 'Madrid, Spain' });
    const countryOnly = await patch(rita.cookie, { country: 'France' });
    expect(countryOnly.json()).toMatchObject({ country: 'France', city: null });
  });

  it('keeps how far the person will travel to a trailhead: 150 km by default, a whole number of 1 to 1,000 km', async () => {
    expect((await me(rita.cookie)).json().profile.maxTravelKm).toBe(150);
    const set = await patch(rita.cookie, { maxTravelKm: 80 });
    expect(set.statusCode).toBe(200);
    expect(set.json().maxTravelKm).toBe(80);
    for (const maxTravelKm of [0, 1001, 12.5, 'far']) {
      const bad = await patch(rita.cookie, { maxTravelKm });
      expect(bad.statusCode, String(maxTravelKm)).toBe(400);
      expect(bad.json().error.fields, String(maxTravelKm)).toHaveProperty('maxTravelKm');
    }
    expect((await me(rita.cookie)).json().profile.maxTravelKm).toBe(80);
  });

  it('records hasSeenOnboarding', async () => {
    const res = await patch(rita.cookie, { hasSeenOnboarding: true });
    expect(res.json().hasSeenOnboarding).toBe(true);
  });

  it('refuses out-of-range values naming the field', async () => {
    const res = await patch(rita.cookie, { age: 200 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.age).toBe('Age must be between 1 and 120.');
  });
});

describe('PUT /api/me/avatar', () => {
  it('sets a preset avatar 1–6 and refuses others', async () => {
    const ok = await t.app.inject({ method: 'PUT', url: '/api/me/avatar', headers: { cookie: rita.cookie }, payload: { avatar: 4 } });
    expect(ok.json().image).toBe('/avatars/avatar-4.png');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/me/avatar', headers: { cookie: rita.cookie }, payload: { avatar: 7 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('avatar');
  });
});

describe('POST /api/me/photo', () => {
  const upload = (cookie: string | undefined, filename: string, content: Buffer, type = 'image/jpeg') => {
    const body = multipartFile('file', filename, content, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/me/photo',
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
  };

  it('stores a PNG named .jpg as a JPEG without EXIF at the spec path', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a9d8f' } })
      .withExif({ IFD0: { Copyright: 'gps-secret' } })
      .png()
      .toBuffer();
    const res = await upload(rita.cookie, 'photo.jpg', png);
    expect(res.statusCode).toBe(200);
    const image: string = res.json().image;
    expect(image).toMatch(new RegExp(`^/api/files/profilePictures/${rita.id}/profile_${rita.id}_\\d+\\.jpg$`));
    expect(res.json().profile.image).toBe(image);
    const file = await t.app.inject({ method: 'GET', url: image });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('refuses a text file named .png, by its content', async () => {
    const res = await upload(rita.cookie, 'notes.png', Buffer.from('just some text, not an image'), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file).toMatch(/must be an image/);
  });

  it('refuses an oversized file with a clear error', async () => {
    const res = await upload(rita.cookie, 'big.jpg', Buffer.alloc(1024 * 1024 + 10, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'payload-too-large', message: 'The file is too large. The maximum size is 1 MB.' });
  });

  it('refuses an image over the pixel budget before decoding it: 16,000 × 16,000 in a small PNG (issue 22, finding 9)', async () => {
    // A solid colour compresses to a few hundred KB: far under the size limit, 256 megapixels to decode.
    const bomb = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#4a7' } })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = (await me(rita.cookie)).json().profile.image;
    const res = await upload(rita.cookie, 'photo.png', bomb, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid-argument',
      fields: { file: 'The image is too large: 16000 × 16000 pixels. The maximum is 40 megapixels.' },
    });
    expect((await me(rita.cookie)).json().profile.image).toBe(before);
  });

  it('refuses visitors and a request without a file', async () => {
    expect((await upload(undefined, 'a.jpg', Buffer.from('x'))).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { cookie: rita.cookie }, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file).toBe('No file selected.');
  });
});

describe('accounts (Better Auth at /api/auth)', () => {
  it('signs in with the right password and refuses a wrong one with the spec message', async () => {
    const ok = await signIn(t, 'rita@example.com', 'secret123');
    expect(ok.res.statusCode).toBe(200);
    expect((await me(ok.cookie)).json().user.email).toBe('rita@example.com');
    const bad = await signIn(t, 'rita@example.com', 'wrong-password');
    expect(bad.res.statusCode).toBe(401);
    expect(bad.res.json().message).toBe('Invalid email or password. Please try again.');
  });

  it('refuses mismatched passwords and passwords under 6 characters', async () => {
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'x@example.com', password: 'secret123', confirmPassword: 'secret124', name: 'X' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Passwords do not match');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'y@example.com', password: '12345', name: 'Y' },
    });
    expect(short.statusCode).toBe(400);
    const sixOk = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'z@example.com', password: '123456', name: 'Z' },
    });
    expect(sixOk.statusCode).toBe(200);
  });

  it('queues a verification mail on sign-up with an /auth?mode=verifyEmail link that verifies', async () => {
    const user = await signUp(t, 'verify@example.com');
    const [mail] = await queuedMail(t.database.db, { to: 'verify@example.com' });
    expect(mail?.template).toBe('verify-email');
    const link = new URL(mail!.params.link!);
    expect(link.origin + link.pathname).toBe(`${TEST_ORIGIN}/auth`);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    const token = link.searchParams.get('oobCode')!;
    const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
    expect(verified.statusCode).toBe(200);
    expect((await me(user.cookie)).json().user.emailVerified).toBe(true);
  });

  it('sends the verification mail again when the app’s notice asks, for the signed-in address only', async () => {
    const user = await signUp(t, 'resend@example.com');
    const resend = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
        // The body the web app's "Send the e-mail again" sends.
        payload: { email },
      });
    // The link's token is signed with a time in whole seconds, and a mail is queued once per
    // link: a second later, as any person asking again is, the link (and so the mail) is new.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await resend('resend@example.com')).statusCode).toBe(200);
    const mails = await queuedMail(t.database.db, { to: 'resend@example.com' });
    expect(mails.map((m) => m.template)).toEqual(['verify-email', 'verify-email']);
    expect(new URL(mails[1]!.params.link!).searchParams.get('mode')).toBe('verifyEmail');

    expect((await resend('someone-else@example.com')).statusCode).toBe(400);
    expect(await queuedMail(t.database.db, { to: 'someone-else@example.com' })).toEqual([]);
  });

  it('sends a reset link to /auth?mode=resetPassword that sets a new password', async () => {
    const reqReset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'rita@example.com', redirectTo: '/auth' },
    });
    expect(reqReset.statusCode).toBe(200);
    const mails = await queuedMail(t.database.db, { template: 'reset-password' });
    expect(mails).toHaveLength(1);
    const link = new URL(mails[0]!.params.link!);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token: link.searchParams.get('oobCode'), newPassword: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t, 'rita@example.com', 'brand-new-pass')).res.statusCode).toBe(200);
    expect((await signIn(t, 'rita@example.com', 'secret123')).res.statusCode).toBe(401);
  });

  it('signs out', async () => {
    const { cookie } = await signIn(t, 'rita@example.com', 'brand-new-pass');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_ORIGIN } });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
