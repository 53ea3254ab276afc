import { describe, expect, it } from 'vitest';
import { appPathOf, pushNotificationOf } from './service-worker-push';

describe('a push message', () => {
  it('is shown with its title, body and tag, and opens its app path', () => {
    const n = pushNotificationOf(JSON.stringify({ title: 'Rui invited you', body: 'Saturday 10:00', url: '/matches/pending', tag: 'm-1' }));
    expect(n.title).toBe('Rui invited you');
    expect(n.options).toMatchObject({ body: 'Saturday 10:00', tag: 'm-1', data: { url: '/matches/pending' } });
  });

  it('that cannot be read still shows a plain notification opening the app', () => {
    for (const text of ['not json', '', null, '42']) {
      expect(pushNotificationOf(text)).toMatchObject({ title: 'TrailBuddy', options: { body: '', data: { url: '/' } } });
    }
  });
});

describe('the path a notification opens', () => {
  it('is an app path, never another site', () => {
    expect(appPathOf('/people/u1')).toBe('/people/u1');
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 42, undefined]) expect(appPathOf(url)).toBe('/');
  });
});
