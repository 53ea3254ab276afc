import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { me, openWidget, widgetSignIn } from './support/widget';

const browser = useBrowser();

const DEMO_PASSWORD = 'trailbuddy';

// The redirect rule (ADR 0053): a signInSuccessUrl from the address bar is followed only on the
// app's own origin; anything else lands on the app's default page after a successful sign-in.
describe('the sign-in widget after a sign-in with a hostile signInSuccessUrl', () => {
  it.each([
    'http://evil.example/phish',
    '//evil.example/x',
    '/\\evil.example/y',
    'javascript:alert(document.cookie)',
    '/\t/evil.example/z',
  ])('lands on the app’s own home page, not %j', async (hostile) => {
    const { context, page } = await browser.page();
    // Were the widget to follow the URL, the browser would show this page instead of the app's.
    const offSite: string[] = [];
    await context.route(
      (url) => url.hostname === 'evil.example',
      async (route) => {
        offSite.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Phished</h1>' });
      },
    );
    await openWidget(page, `mode=select&signInSuccessUrl=${encodeURIComponent(hostile)}`);
    await widgetSignIn(page, 'camille@trailbuddy.app', DEMO_PASSWORD);
    await page.waitForURL((url) => url.hostname === 'localhost' && url.pathname === '/');
    await page.getByRole('banner').getByText('camille@trailbuddy.app').waitFor();
    expect(offSite).toEqual([]);
    expect((await me(page)).user.email).toBe('camille@trailbuddy.app');
    await context.close();
  });

  it('still follows a path of the app itself', async () => {
    const { context, page } = await browser.page();
    await openWidget(page, `mode=select&signInSuccessUrl=${encodeURIComponent('/matches/partners')}`);
    await widgetSignIn(page, 'camille@trailbuddy.app', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/matches/partners');
    await context.close();
  });
});
