import { describe, expect, it } from 'vitest';
import { LAPTOP, useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { uniqueEmail } from './support/people';
import { me, openWidget, widget, widgetSignIn, widgetSignUp } from './support/widget';

const browser = useBrowser();

describe('the sign-in widget with e-mail and password', () => {
  it('signs up and signs in through the widget, and the app shares the session', async () => {
    const email = uniqueEmail('widget');
    const { context, page } = await browser.page(LAPTOP);

    // From the login dialog's "More sign-in options".
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'More sign-in options' }).click();
    await page.waitForURL('**/auth?mode=select');

    await widgetSignUp(page, { email, name: 'Widget Hiker', password: 'widget-secret-1' });
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByText(email).waitFor();
    expect((await me(page)).user.email).toBe(email);

    // Signed out (from "Complete Your Profile"), then in again through the widget.
    await page.getByRole('dialog', { name: 'Complete Your Profile' }).getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

    await openWidget(page);
    await widgetSignIn(page, email, 'wrong-password-1');
    await widget(page).getByText("The email and password you entered don't match").waitFor();
    await widget(page).getByLabel('Password', { exact: true }).fill('widget-secret-1');
    await widget(page).getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByText(email).waitFor();
    await context.close();
  });

  it('verifies the e-mail and resets the password from the mailed links', async () => {
    const email = uniqueEmail('widget.reset');
    const { context, page } = await browser.page(LAPTOP);
    await openWidget(page);
    await widgetSignUp(page, { email, name: 'Reset Hiker', password: 'first-secret-1' });
    await page.waitForURL((url) => url.pathname === '/');

    // The verification mail's link opens the widget's verifyEmail page.
    const verifyMail = await waitForMail(email, (m) => m.html.includes('mode=verifyEmail'));
    await page.goto(linkIn(verifyMail, 'mode=verifyEmail'));
    await widget(page).getByRole('heading', { name: 'Your email has been verified' }).waitFor();
    expect((await me(page)).user.emailVerified).toBe(true);

    // Forgotten password, in a browser that is not signed in.
    const other = await browser.page(LAPTOP);
    await openWidget(other.page);
    await widget(other.page).getByRole('button', { name: 'Sign in with email' }).click();
    await widget(other.page).getByLabel('Email').fill(email);
    await widget(other.page).getByRole('button', { name: 'Next' }).click();
    await widget(other.page).getByRole('button', { name: 'Trouble signing in?' }).click();
    await widget(other.page).getByRole('heading', { name: 'Recover password' }).waitFor();
    await widget(other.page).getByRole('button', { name: 'Send' }).click();
    await widget(other.page).getByRole('heading', { name: 'Check your email' }).waitFor();

    const resetMail = await waitForMail(email, (m) => m.html.includes('mode=resetPassword'));
    await other.page.goto(linkIn(resetMail, 'mode=resetPassword'));
    await widget(other.page).getByRole('heading', { name: 'Reset your password' }).waitFor();
    await widget(other.page).getByLabel('New password').fill('second-secret-2');
    await widget(other.page).getByRole('button', { name: 'Save' }).click();
    await widget(other.page).getByRole('heading', { name: 'Password changed' }).waitFor();

    // The old password no longer works; the new one does.
    await openWidget(other.page);
    await widgetSignIn(other.page, email, 'first-secret-1');
    await widget(other.page).getByText("The email and password you entered don't match").waitFor();
    await widget(other.page).getByLabel('Password', { exact: true }).fill('second-secret-2');
    await widget(other.page).getByRole('button', { name: 'Sign In' }).click();
    await other.page.waitForURL((url) => url.pathname === '/');
    await other.page.getByRole('banner').getByText(email).waitFor();
    await other.context.close();
    await context.close();
  });

  it("looks like TrailBuddy (its greens, rounded pills, a way back), with FirebaseUI's stock look as a theme", async () => {
    const { context, page } = await browser.page(LAPTOP);
    const look = async () => {
      const styleOf = (selector: string) =>
        widget(page)
          .locator(selector)
          .first()
          .evaluate((element) => {
            const style = getComputedStyle(element);
            return { background: style.backgroundColor, ink: style.color, corners: style.borderTopLeftRadius };
          });
      const provider = await styleOf('[data-provider-id="password"]');
      await widget(page).getByRole('button', { name: 'Sign in with email' }).click();
      await widget(page).getByRole('button', { name: 'Next' }).waitFor();
      return { provider, card: (await styleOf('.authui-card')).corners, next: await styleOf('.authui-button-primary') };
    };

    // TrailBuddy: white pills in stone ink, a 24 px card, brand-700 (#126444, src/styles.css) buttons.
    await openWidget(page);
    expect(await widget(page).getAttribute('data-authui-theme')).toBe('trailbuddy');
    const trailbuddy = await look();
    expect(trailbuddy.provider).toMatchObject({ background: 'rgb(255, 255, 255)', corners: '9999px' });
    expect(trailbuddy.provider.ink).not.toBe('rgb(255, 255, 255)');
    expect(trailbuddy.card).toBe('24px');
    expect(trailbuddy.next).toEqual({ background: 'rgb(18, 100, 68)', ink: 'rgb(255, 255, 255)', corners: '9999px' });

    // The package's stock theme: FirebaseUI's red e-mail button with square corners, its green button.
    await openWidget(page);
    await widget(page).evaluate((root) => root.setAttribute('data-authui-theme', 'firebaseui'));
    expect(await look()).toEqual({
      // Black ink: white on that red falls short of AA (providers.ts picks the readable one).
      provider: { background: 'rgb(219, 68, 55)', ink: 'rgb(0, 0, 0)', corners: '2px' },
      card: '8px',
      next: { background: 'rgb(46, 125, 50)', ink: 'rgb(255, 255, 255)', corners: '4px' },
    });

    // The way back to the app.
    await page.getByRole('link', { name: 'Back to TrailBuddy' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
