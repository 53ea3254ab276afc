import { describe, expect, it } from 'vitest';
import {
  channelEnabled,
  DEFAULT_NOTIFICATION_PREFERENCES,
  inQuietHours,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  notificationPreferencesSchema,
  notificationTexts,
  notificationViewSchema,
  quietHoursEnd,
} from './notifications';

describe('the notification kinds', () => {
  it('are exactly the kinds of the interface, each with texts, a view and a default per channel', () => {
    expect(NOTIFICATION_KIND_NAMES).toEqual([
      'request-received',
      'invitation-received',
      'match-accepted',
      'match-rejected',
      'match-cancelled',
      'request-withdrawn',
      'match-expired',
      'message-received',
      'feedback-prompt',
      'hike-reminder',
      'trail-removed',
      'join-requested',
      'hike-joined',
      'hike-full',
      'hike-left',
      'request-ended',
      'hike-clash',
      'account-warning',
      'trip-overdue',
    ]);
    for (const kind of NOTIFICATION_KIND_NAMES) {
      const texts = notificationTexts(kind, { actorName: 'Rui', trailName: 'Arrábida Ridge' });
      expect(texts.title, kind).not.toBe('');
      expect(texts.body, kind).not.toBe('');
      expect(notificationViewSchema.safeParse(NOTIFICATION_KINDS[kind].opens({ matchId: 'm1' })).success, kind).toBe(true);
      expect(notificationViewSchema.safeParse(NOTIFICATION_KINDS[kind].opens({ matchId: null })).success, kind).toBe(true);
      expect(Object.keys(NOTIFICATION_KINDS[kind].defaults).sort(), kind).toEqual(['email', 'inApp', 'push']);
    }
  });

  it('keep the match-confirmed text of the product for an accepted match', () => {
    expect(notificationTexts('match-accepted', { actorName: 'Rui', trailName: 'Arrábida Ridge' }).body).toBe(
      'Good news: you and Rui are matched for Arrábida Ridge. Your hike is confirmed.',
    );
    expect(NOTIFICATION_KINDS['match-accepted'].opens({ matchId: 'm1' })).toEqual({ name: 'match-accepted', matchId: 'm1' });
  });
});

describe('channelEnabled', () => {
  it("uses the person's switch, else the kind's default", () => {
    expect(channelEnabled(DEFAULT_NOTIFICATION_PREFERENCES, 'match-expired', 'push')).toBe(false);
    expect(channelEnabled(DEFAULT_NOTIFICATION_PREFERENCES, 'match-expired', 'email')).toBe(true);
    const prefs = { channels: { 'match-expired': { email: false, push: true } } };
    expect(channelEnabled(prefs, 'match-expired', 'email')).toBe(false);
    expect(channelEnabled(prefs, 'match-expired', 'push')).toBe(true);
    expect(channelEnabled(prefs, 'match-expired', 'inApp')).toBe(true);
  });
});

describe('quiet hours', () => {
  const lisbon = { quietHours: { start: '22:00', end: '07:00' }, timeZone: 'Europe/Lisbon' };

  it('wrap past midnight in the person’s time zone, start inclusive and end exclusive', () => {
    expect(inQuietHours(lisbon, new Date('2026-11-25T21:59:00Z'))).toBe(false);
    expect(inQuietHours(lisbon, new Date('2026-11-25T22:00:00Z'))).toBe(true);
    expect(inQuietHours(lisbon, new Date('2026-11-26T06:59:00Z'))).toBe(true);
    expect(inQuietHours(lisbon, new Date('2026-11-26T07:00:00Z'))).toBe(false);
    // Summer time: Lisbon is UTC+1, so 22:00 there is 21:00 UTC.
    expect(inQuietHours(lisbon, new Date('2026-07-01T21:30:00Z'))).toBe(true);
    const daytime = { quietHours: { start: '13:00', end: '15:00' }, timeZone: 'Asia/Tokyo' };
    expect(inQuietHours(daytime, new Date('2026-11-25T04:30:00Z'))).toBe(true);
    expect(inQuietHours(daytime, new Date('2026-11-25T06:30:00Z'))).toBe(false);
    expect(inQuietHours({ quietHours: null, timeZone: 'UTC' }, new Date())).toBe(false);
  });

  it('end at the next end time on the person’s clock', () => {
    expect(quietHoursEnd(lisbon, new Date('2026-11-25T23:00:00Z'))).toEqual(new Date('2026-11-26T07:00:00Z'));
    expect(quietHoursEnd(lisbon, new Date('2026-11-26T03:00:00Z'))).toEqual(new Date('2026-11-26T07:00:00Z'));
    const outside = new Date('2026-11-26T12:00:00Z');
    expect(quietHoursEnd(lisbon, outside)).toBe(outside);
  });

  it('refuses a malformed time, an unknown zone, an empty window and an unknown kind, naming the field', () => {
    const bad = notificationPreferencesSchema.safeParse({
      channels: { 'no-such-kind': { email: false } },
      quietHours: { start: '25:00', end: '25:00' },
      timeZone: 'Mars/Olympus',
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['quietHours.start', 'timeZone']));
    expect(paths.some((p) => p.startsWith('channels'))).toBe(true);
    expect(
      notificationPreferencesSchema.safeParse({ channels: {}, quietHours: { start: '07:00', end: '07:00' }, timeZone: 'UTC' }).success,
    ).toBe(false);
  });
});
