import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_NAMES } from '@trailbuddy/shared/contracts/notifications';
import { renderNotificationItem, renderNotificationMail } from './notification-templates.js';
import { parseTemplateMail, renderMail } from './templates.js';

const link = 'https://trailbuddy.example/notifications/0b7c1c52-6f0e-4f7e-9d1a-3f2b8c1d9e00';
const base = { actorName: 'Rui <Costa>', trailName: 'Arrábida Ridge' };

describe('the notification mail templates', () => {
  it('give every kind a subject of its own and an HTML and text body with its link', () => {
    const subjects = new Set<string>();
    for (const kind of NOTIFICATION_KIND_NAMES) {
      const mail = renderNotificationMail({
        toName: 'Ana',
        items: [{ kind, params: base, link }],
        unsubscribeUrl: 'https://trailbuddy.example/api/notifications/unsubscribe?token=t',
        preferencesUrl: 'https://trailbuddy.example/me/notifications',
      });
      subjects.add(mail.subject);
      expect(mail.text, kind).toContain(link);
      expect(mail.html, kind).toContain(link);
      // Names are escaped in the HTML part, kept as written in the text part.
      if (mail.text.includes('Rui <Costa>')) expect(mail.html, kind).toContain('Rui &lt;Costa&gt;');
      expect(mail.html, kind).not.toContain('Rui <Costa>');
      expect(mail.text, kind).toContain('https://trailbuddy.example/me/notifications');
      expect(mail.headers).toEqual({
        'List-Unsubscribe': '<https://trailbuddy.example/api/notifications/unsubscribe?token=t>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    }
    expect(subjects.size).toBe(NOTIFICATION_KIND_NAMES.length);
  });

  it('keeps the match-confirmed text and details of product §7 for an accepted match', () => {
    const { subject, blocks } = renderNotificationItem({
      kind: 'match-accepted',
      params: {
        actorName: 'Rui',
        trailName: 'Arrábida Ridge',
        location: 'Setúbal, Portugal',
        partnerSkillLevel: 'Advanced',
        partnerBio: '',
      },
      link,
    });
    expect(subject).toBe('Your TrailBuddy match for Arrábida Ridge is confirmed');
    const text = blocks.map((b) => b.text).join('\n');
    expect(text).toContain('Good news: you and Rui are matched for Arrábida Ridge. Your hike is confirmed.');
    expect(text).toContain('Location: Setúbal, Portugal');
    expect(text).toContain('Skill level: Advanced');
    expect(text).not.toContain('About them');
  });

  it('titles a batch by its size, and refuses items that are not a JSON list of notifications', () => {
    const params = {
      to_email: 'ana@example.com',
      to_name: 'Ana',
      items: JSON.stringify([
        { kind: 'request-received', params: base, link },
        { kind: 'message-received', params: { ...base, preview: 'See you at 9?' }, link },
      ]),
      unsubscribe_url: 'https://trailbuddy.example/api/notifications/unsubscribe?token=t',
      preferences_url: 'https://trailbuddy.example/me/notifications',
    };
    const mail = renderMail(parseTemplateMail('notifications', params));
    expect(mail.subject).toBe('2 updates from TrailBuddy');
    expect(mail.text).toContain('See you at 9?');
    expect(() => parseTemplateMail('notifications', { ...params, items: '[{"kind":"nope"}]' })).toThrow(/items/);
    expect(() => parseTemplateMail('notifications', { ...params, items: 'not json' })).toThrow(/items/);
    expect(() => parseTemplateMail('notifications', { ...params, unsubscribe_url: 'javascript:alert(1)' })).toThrow(/unsubscribe_url/);
  });
});
