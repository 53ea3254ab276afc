// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fakeEnv } from '../testing/harness';
import { openSignInWidget } from './open';

describe('openSignInWidget (FirebaseUI signIn())', () => {
  it('navigates to widgetUrl?mode=select', () => {
    const env = fakeEnv('https://app.test/trails');
    openSignInWidget({ widgetUrl: '/auth?lang=en' }, env);
    expect(env.assigned).toEqual(['https://app.test/auth?lang=en&mode=select']);
  });

  it('opens a popup in popupMode, with the configured mode parameter', () => {
    const env = fakeEnv('https://app.test/');
    openSignInWidget({ widgetUrl: 'https://app.test/auth', popupMode: true, queryParameterForWidgetMode: 'view' }, env);
    expect(env.assigned).toEqual([]);
    expect(env.opened[0]).toMatchObject({ url: 'https://app.test/auth?view=select', target: 'signInWidget' });
    expect(env.opened[0]?.features).toMatch(/^width=500,height=600,/);
  });

  it('defaults to the current URL', () => {
    const env = fakeEnv('https://app.test/auth?mode=resetPassword');
    openSignInWidget({}, env);
    expect(env.assigned).toEqual(['https://app.test/auth?mode=select']);
  });
});
