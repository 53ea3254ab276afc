import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/global-setup.js';
import { generateClientTypes } from '../test/openapi/client-types.js';
import { apiClient } from '../test/openapi/client.js';
import { createServedApp } from '../test/openapi/served-app.js';
import { TEST_ADMIN, verifyEmail, type TestApp } from '../test/test-app.js';
import { ARRABIDA_RIDGE, WEDNESDAY } from '../test/match-fixtures.js';

let t: TestApp;
let baseUrl: string;
const clock = { now: WEDNESDAY };

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  t = await createServedApp({ APP_URL: baseUrl, TRAIL_TIME_ZONE: 'Europe/Lisbon' }, { now: () => clock.now });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('a client generated from the OpenAPI document alone', () => {
  it('is the committed one: the types in test/openapi/schema.d.ts match the live document', async () => {
    const document = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    await expect(await generateClientTypes(document)).toMatchFileSnapshot('../test/openapi/schema.d.ts');
  });

  it('drives a whole journey: sign up, complete the profile, search, be invited, accept, give feedback', async () => {
    const signUp = async (email: string, name: string) => {
      const client = apiClient(baseUrl);
      const { data, error } = await client.POST('/api/auth/sign-up/email', { body: { email, name, password: 'secret123' } });
      expect(error).toBeUndefined();
      return { client, id: data!.user.id };
    };
    const completeProfile = async (client: ReturnType<typeof apiClient>, fullName: string) => {
      const { data, error } = await client.PUT('/api/me/registration', {
        body: {
          fullName,
          age: 31,
          gender: 'Female',
          country: 'Portugal',
          city: 'Lisbon',
          skills: { hiking: 'intermediate', running: 'beginner' },
          bio: 'Early starts and long coastal walks.',
          instagram: '@trail.walks',
        },
      });
      expect(error).toBeUndefined();
      expect(data).toMatchObject({ name: fullName, registrationComplete: true });
    };

    // An administrator lists the trail the two members will walk.
    const admin = await signUp(TEST_ADMIN, 'Ana Admin');
    const trail = await admin.client.POST('/api/trails', { body: ARRABIDA_RIDGE });
    expect(trail.response.status).toBe(201);
    const trailId = trail.data!.id;

    // Rita signs up through Better Auth, completes her profile and looks for a buddy on Saturday.
    const rita = await signUp('rita@example.com', 'Rita');
    // Who may match (ADR 0030): a verified e-mail, as the mailed link makes it (tested on its own).
    await verifyEmail(t, rita);
    const visitorMe = await apiClient(baseUrl).GET('/api/me');
    expect(visitorMe.error?.error.code).toBe('unauthenticated');
    await completeProfile(rita.client, 'Rita Sousa');
    const search = await rita.client.POST('/api/matches/search', { body: { trailId, day: 'saturday' } });
    expect(search.data).toMatchObject({ created: true, match: { status: 'searching', role: 'creator' } });

    // Bruno, a second member, finds her and invites her for that Saturday.
    const bruno = await signUp('bruno@example.com', 'Bruno');
    await verifyEmail(t, bruno);
    await completeProfile(bruno.client, 'Bruno Lima');
    const invite = await bruno.client.POST('/api/matches/invite', { body: { userId: rita.id, trailId, day: 'saturday' } });
    expect(invite.error).toBeUndefined();
    expect(invite.data).toMatchObject({ status: 'pending', partner: { id: rita.id } });

    // Rita sees the invitation waiting for her answer and accepts it.
    const mine = await rita.client.GET('/api/matches/mine');
    const invitation = mine.data!.matches.find((m) => m.awaitingMyAnswer);
    expect(invitation).toMatchObject({ id: invite.data!.id, partner: { id: bruno.id } });
    const accepted = await rita.client.POST('/api/matches/{id}/accept', { params: { path: { id: invitation!.id } } });
    expect(accepted.data).toMatchObject({ status: 'confirmed' });

    // Feedback is refused before the hike and asked for once it is over.
    const early = await rita.client.POST('/api/matches/{id}/feedback', {
      params: { path: { id: invitation!.id } },
      body: { attended: true },
    });
    expect(early.response.status).toBe(409);
    expect(early.error?.error.code).toBeTruthy();
    clock.now = new Date(Date.parse(accepted.data!.endTime) + 60 * 60 * 1000);
    const prompt = await rita.client.GET('/api/matches/feedback-prompt');
    expect(prompt.data?.match?.id).toBe(invitation!.id);
    const feedback = await rita.client.POST('/api/matches/{id}/feedback', {
      params: { path: { id: invitation!.id } },
      body: { attended: true, rating: 5, wouldHikeAgain: true, comment: 'Great pace and views.' },
    });
    expect(feedback.error).toBeUndefined();
    expect(feedback.data).toMatchObject({ myFeedback: { attended: true, rating: 5, wouldHikeAgain: true, skipped: false } });
    expect((await rita.client.GET('/api/matches/feedback-prompt')).data).toEqual({ match: null });
  });
});
