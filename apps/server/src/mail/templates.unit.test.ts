import { describe, expect, it } from 'vitest';
import { emailJsTemplateOf, InvalidMailParamsError, parseTemplateMail, renderMail, templateNames } from './templates.js';

const match = {
  to_email: 'ana@example.com',
  to_name: 'Ana',
  partner_name: 'Bruno',
  partner_bio: 'Trail runner from Porto.',
  partner_skill_level: 'intermediate',
  trail_name: 'Sintra Loop',
  start_time: 'Saturday 14 June 2025, 10:00',
  end_time: 'Saturday 14 June 2025, 13:00',
  location: 'Sintra, Portugal',
};

describe('mail templates', () => {
  it('welcome greets the recipient by name in subject, HTML and text', () => {
    const mail = renderMail(parseTemplateMail('welcome', { to_email: 'ana@example.com', to_name: 'Ana' }));
    expect(mail.subject).toBe('Welcome to TrailBuddy, Ana!');
    expect(mail.html).toContain('Hi Ana,');
    expect(mail.html).toContain('TrailBuddy');
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.text).not.toContain('<');
  });

  it('match-confirmed shows every product §7 field', () => {
    const mail = renderMail(parseTemplateMail('match-confirmed', match));
    expect(mail.subject).toBe('Your TrailBuddy match for Sintra Loop is confirmed');
    for (const value of Object.values(match).filter((v) => v !== match.to_email)) {
      expect(mail.html).toContain(value);
      expect(mail.text).toContain(value);
    }
  });

  it('welcome does not ask someone who just completed their profile to complete it', () => {
    const mail = renderMail(parseTemplateMail('welcome', { to_email: 'ana@example.com', to_name: 'Ana' }));
    expect(mail.text).not.toMatch(/complete your profile/i);
    expect(mail.text).toContain('Your profile is ready');
  });

  it('match-confirmed reads true for both participants, not only for the one whose request was accepted', () => {
    const mail = renderMail(parseTemplateMail('match-confirmed', match));
    expect(mail.text).not.toContain('confirmed your match');
    expect(mail.text).toContain('Good news: you and Bruno are matched for Sintra Loop. Your hike is confirmed.');
  });

  it('match-confirmed leaves out an empty partner bio instead of an empty row', () => {
    const mail = renderMail(parseTemplateMail('match-confirmed', { ...match, partner_bio: '' }));
    expect(mail.text).not.toContain('About them');
  });

  it.each(['verify-email', 'reset-password', 'email-sign-in'] as const)('%s carries the link in a button and in the text', (template) => {
    const link = 'https://trailbuddy.app/auth/action?token=a&b=1';
    const mail = renderMail(parseTemplateMail(template, { to_email: 'ana@example.com', to_name: 'Ana', link }));
    expect(mail.html).toContain('href="https://trailbuddy.app/auth/action?token=a&amp;b=1"');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Hi Ana,');
  });

  it.each([
    ['verify-and-change-email', { new_email: 'new@example.com' }, 'new@example.com'],
    ['recover-email', { new_email: 'new@example.com' }, 'changed to new@example.com'],
    ['second-factor-added', { factor: 'The phone +351912345678' }, 'The phone +351912345678 was added'],
  ] as const)('%s carries the link and says what changed', (template, extra, says) => {
    const link = 'https://trailbuddy.app/auth?mode=x&oobCode=a';
    const mail = renderMail(parseTemplateMail(template, { to_email: 'ana@example.com', to_name: 'Ana', link, ...extra }));
    expect(mail.html).toContain('href="https://trailbuddy.app/auth?mode=x&amp;oobCode=a"');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(says);
  });

  it('escapes HTML from user-supplied values', () => {
    const name = '<script>alert("x")</script> & Co';
    const mail = renderMail(parseTemplateMail('match-confirmed', { ...match, to_name: name, partner_bio: `<img src=x onerror='y'>` }));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('&lt;img src=x onerror=&#39;y&#39;&gt;');
    // The text part is not HTML: it keeps the name as written.
    expect(mail.text).toContain(name);
  });

  it('keeps the subject on one line whatever the name contains', () => {
    const mail = renderMail(parseTemplateMail('welcome', { to_email: 'a@example.com', to_name: 'Ana\r\nBcc: x@evil.test' }));
    expect(mail.subject).toBe('Welcome to TrailBuddy, Ana Bcc: x@evil.test!');
  });

  it('rejects a missing param, naming it', () => {
    const { partner_name: _omitted, ...rest } = match;
    expect(() => parseTemplateMail('match-confirmed', rest)).toThrow(InvalidMailParamsError);
    expect(() => parseTemplateMail('match-confirmed', rest)).toThrow(/partner_name is required/);
    expect(() => parseTemplateMail('welcome', { to_email: 'a@example.com', to_name: '   ' })).toThrow(/to_name/);
  });

  it('rejects links that are not http(s) and unknown templates', () => {
    expect(() => parseTemplateMail('reset-password', { to_email: 'a@example.com', to_name: 'Ana', link: 'javascript:alert(1)' })).toThrow(
      /link/,
    );
    expect(() => parseTemplateMail('newsletter', {})).toThrow(/unknown/);
  });

  it('maps every template to one of the two EmailJS templates', () => {
    expect(templateNames.map((t) => [t, emailJsTemplateOf[t]])).toEqual([
      ['welcome', 'general'],
      ['match-confirmed', 'match'],
      ['verify-email', 'general'],
      ['reset-password', 'general'],
      ['email-sign-in', 'general'],
      ['verify-and-change-email', 'general'],
      ['recover-email', 'general'],
      ['second-factor-added', 'general'],
      ['notifications', 'general'],
      ['emergency-contact-confirm', 'general'],
      ['trip-card', 'general'],
      ['trip-overdue', 'general'],
    ]);
  });
});

describe('the trip plan mails', () => {
  const card = {
    to_email: 'marta@example.com',
    to_name: 'Marta',
    traveller_name: 'Ana <b>Ribeiro</b>',
    trail_name: 'Arrábida Ridge',
    trailhead: 'Setúbal, Portugal',
    map_link: 'https://www.openstreetmap.org/#map=13/38.48/-8.98',
    date: 'Saturday, 21 November 2026',
    start_time: '10:00',
    expected_return: '13:00',
    buddy_first_name: 'Rui',
    buddy_photo: '',
    trip_link: 'https://trailbuddy.app/trip/abc',
  };

  it('renders the trip card and the overdue alert with the card, escaping what people wrote', () => {
    const shared = renderMail(parseTemplateMail('trip-card', card));
    expect(shared.subject).toBe('Ana <b>Ribeiro</b> shared a hike plan with you');
    expect(shared.html).toContain('Ana &lt;b&gt;Ribeiro&lt;/b&gt;');
    expect(shared.text).toContain('Expected return: 13:00');
    expect(shared.text).toContain('Open the trip page: https://trailbuddy.app/trip/abc');
    const overdue = renderMail(parseTemplateMail('trip-overdue', { ...card, last_check_in: '21 Nov 2026, 09:40' }));
    expect(overdue.text).toContain('Their last check-in: 21 Nov 2026, 09:40');
    expect(overdue.text).toContain('Trailhead: Setúbal, Portugal');
  });

  it('refuses a trip link that is not a web address', () => {
    expect(() => parseTemplateMail('trip-card', { ...card, trip_link: 'javascript:alert(1)' })).toThrow(InvalidMailParamsError);
    expect(() =>
      parseTemplateMail('emergency-contact-confirm', { to_email: 'a@b.co', to_name: 'A', owner_name: 'B', link: 'data:x' }),
    ).toThrow(InvalidMailParamsError);
  });
});
