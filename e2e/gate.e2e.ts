import { describe, expect, it } from 'vitest';
import { LAPTOP, useBrowser } from './support/browser';
import { verifyFromInbox } from './support/inbox';
import { uniqueEmail, type Hiker } from './support/people';
import { slotOfItsOwn } from './support/slots';
import { continueAsGuest, me, widget, widgetSignUp } from './support/widget';

const browser = useBrowser();

const guest: Hiker = {
  fullName: 'Gate Guest',
  age: '29',
  gender: 'Female',
  country: 'Portugal',
  city: 'Porto',
  hiking: 'Intermediate',
  running: 'Beginner',
  bio: 'Curious about hiking with someone new.',
  instagram: 'gate.guest',
};

/**
 * Who may match (ADR 0030), in the browser: a guest browses freely, is asked to create an
 * account when they try to find a buddy, then to verify the address, and then searches.
 */
describe('who may match', () => {
  it('asks a guest to upgrade before searching, then to verify the e-mail, then finds buddies', async () => {
    const { context, page } = await browser.page(LAPTOP);
    await continueAsGuest(page, guest);

    // Browsing is open: the trail and its details show. The trail is one on the guest's home whose
    // own day (the one its page chooses) no other spec searches.
    const trail = await slotOfItsOwn(page, { onHome: true, day: 'own' });
    await page.getByRole('button', { name: trail.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: trail.name }).waitFor();
    const trailUrl = new URL(page.url());

    // Find Hiking Buddy: the server refuses, the app asks for an account of their own.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/matches/search'));
    await page.getByRole('button', { name: 'Find Hiking Buddy' }).click();
    const answer = await refused;
    expect(answer.status()).toBe(403);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('verification-required');
    const upgrade = page.getByRole('dialog', { name: 'Create your account to find a buddy' });
    await upgrade.waitFor();
    await upgrade.getByText('Create an account with a verified e-mail or phone number to find a buddy.').waitFor();

    // The button opens the sign-in widget, which upgrades this guest and comes back.
    const guestId = (await me(page)).user.id;
    await upgrade.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('signInSuccessUrl')).toContain('/trails/');
    await widget(page).getByRole('button').first().waitFor();
    const email = uniqueEmail('gate.upgrade');
    await widgetSignUp(page, { email, name: 'Gate Guest', password: 'gate-secret-1' });
    await page.waitForURL((url) => url.pathname !== '/auth');
    expect((await me(page)).user.id).toBe(guestId);

    // Signed up, not yet verified: asked to open the mailed link, with a way to have it sent again.
    await page.goto(trailUrl.pathname + trailUrl.search);
    await page.getByRole('button', { name: 'Find Hiking Buddy' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your e-mail to find a buddy' });
    await verify.waitFor();
    await verify.getByText(email).waitFor();
    await verify.getByRole('button', { name: 'Send the e-mail again' }).waitFor();

    await verifyFromInbox(page, email);

    // Verified, with a completed profile: the search starts and Best Matches show.
    await page.goto(trailUrl.pathname + trailUrl.search);
    await page.getByRole('button', { name: 'Find Hiking Buddy' }).click();
    await page.getByRole('heading', { name: 'Best Matches' }).waitFor();
    expect(await page.getByRole('dialog', { name: /to find a buddy$/ }).count()).toBe(0);
    await context.close();
  });
});
