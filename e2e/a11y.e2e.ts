import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatFindings, isFailing, mergeFindings, runAxe, type Finding } from './support/axe';
import { useBrowser } from './support/browser';
import { apiIn, memberWithId } from './support/members';
import { slotOfItsOwn, type Slot } from './support/slots';
import { enterEmail, openWidget, widget } from './support/widget';

/**
 * Every view of the web app through axe-core (WCAG 2.0/2.1 A and AA, and best practices), at a
 * phone width and a desktop width. A serious or critical violation fails the view's check; the
 * journey goes on (soft assertions), so one run reports every view. Moderate and minor findings
 * are printed at the end without failing.
 *
 * A11Y_SHOTS_DIR=/tmp/shots also saves a screenshot of each view at each width there, as
 * `<view>-<width>.png`, for looking at the layout.
 */

const PASSWORD = 'trailbuddy';
/** A demo address, for the widget's sign-in step of a known account. */
const KNOWN_EMAIL = 'miguel@trailbuddy.app';
const ADMIN = 'admin@trailbuddy.app';
/**
 * The people of the journeys, members of this spec's own (whichever specs ran before, a demo
 * person's matches and place in Best Matches are not this spec's to count on): Miguel searches,
 * Sofia is looking for a buddy on the same slot and is invited from his Best Matches, Lucas is
 * invited on a second slot. Both slots are this spec's own (support/slots.ts).
 */
const tag = Date.now().toString(36).slice(-4).toUpperCase();
const MIGUEL = `Miguel Axe ${tag}`;
const SOFIA = `Sofia Axe ${tag}`;
const LUCAS = `Lucas Axe ${tag}`;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const SHOTS_DIR = process.env.A11Y_SHOTS_DIR;
const JOURNEY = { timeout: 300_000 };

const checked: { view: string; findings: Finding[] }[] = [];

const browser = useBrowser();
beforeAll(async () => {
  if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });
});
afterAll(async () => {
  const failing = checked.filter((c) => c.findings.some(isFailing));
  console.log(
    [
      `axe-core on ${checked.length} views at ${SIZES.map((s) => s.width).join(' and ')} px: ${failing.length} with serious or critical violations`,
      ...checked.map(({ view, findings }) => {
        const bad = findings.filter(isFailing);
        const rest = findings.filter((f) => !isFailing(f));
        const ids = (list: Finding[]) => [...new Set(list.map((f) => f.id))].join(', ');
        return `  ${bad.length > 0 ? 'FAIL' : 'ok  '} ${view.padEnd(34)} serious/critical: ${bad.length}${bad.length ? ` (${ids(bad)})` : ''}; moderate/minor: ${rest.length}${rest.length ? ` (${ids(rest)})` : ''}`;
      }),
    ].join('\n'),
  );
  const notes = checked.filter((c) => c.findings.some((f) => !isFailing(f)));
  if (notes.length > 0) {
    console.log(
      [
        'Moderate and minor findings (not failing):',
        ...notes.map((c) =>
          formatFindings(
            c.view,
            c.findings.filter((f) => !isFailing(f)),
          ),
        ),
      ].join('\n'),
    );
  }
  if (SHOTS_DIR) writeFileSync(join(SHOTS_DIR, 'axe-findings.json'), JSON.stringify(checked, null, 2));
});

/**
 * Waits until the images that are meant to be loaded have loaded, finite CSS transitions and
 * animations have finished (axe would otherwise measure a colour halfway through a fade), and
 * two frames have been drawn.
 */
async function settle(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.loading === 'lazy' || img.complete), null, { timeout: 5_000 })
    .catch(() => undefined);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function screenshot(page: Page, view: string, size: { width: number; height: number }) {
  if (!SHOTS_DIR) return;
  const path = join(SHOTS_DIR, `${view}-${size.width}.png`);
  // A modal covers the viewport: that is the picture. Anything else is shown whole, in a
  // viewport as tall as the page (so the fixed bottom bar sits at the bottom, as when scrolled
  // there), lazy images included.
  if ((await page.locator('[aria-modal="true"]').count()) > 0) {
    await page.screenshot({ path, animations: 'disabled' });
    return;
  }
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager')));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  // decode() settles once the picture is loaded and ready to paint (or has failed).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ]),
  );
  await page.screenshot({ path, animations: 'disabled' });
  await page.setViewportSize(size);
}

/** Runs axe on the page as it is, at each width, and fails the view (softly) on serious or critical violations. */
async function check(page: Page, view: string) {
  const original = page.viewportSize();
  const runs = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    const results = await runAxe(page);
    runs.push({ width: size.width, violations: results.violations });
    await screenshot(page, view, size);
  }
  if (original) await page.setViewportSize(original);
  const findings = mergeFindings(runs);
  checked.push({ view, findings });
  const failures = findings.filter(isFailing);
  if (failures.length > 0) console.log(formatFindings(view, failures));
  expect
    .soft(
      failures.map((f) => `${f.impact} ${f.id}: ${f.target}`),
      `${view}: serious or critical axe violations\n${formatFindings(view, failures)}\n`,
    )
    .toEqual([]);
}

const banner = (page: Page) => page.getByRole('banner');
const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Signs in through the header's login modal, as a person would. */
async function signIn(page: Page, email: string) {
  await banner(page).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Your profile' }).waitFor();
}

async function signedInPage(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const session = await browser.page();
  await session.page.goto('/');
  await signIn(session.page, email);
  return session;
}

async function openTrail(page: Page, trail: Slot) {
  await page.getByRole('article').first().waitFor();
  await page.getByRole('button', { name: trail.name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: trail.name }).waitFor();
  await page.getByRole('button', { name: 'Find Hiking Buddy' }).waitFor();
}

async function openMatchesTab(page: Page, tab: 'Upcoming' | 'Pending' | 'Completed') {
  await bottomBar(page).getByRole('button', { name: 'Matches' }).click();
  await page.getByRole('heading', { level: 1, name: 'My Matches' }).waitFor();
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  // The counts appear once my matches have loaded.
  await page.getByRole('tab', { name: new RegExp(`^${tab}\\s*\\d+`) }).waitFor();
}

/** A 900×600 picture with some shapes in it, so the cropper has something to show. */
function testPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7dd2a8"/><stop offset="1" stop-color="#0f6965"/></linearGradient></defs>
    <rect width="900" height="600" fill="url(#g)"/>
    <circle cx="450" cy="260" r="140" fill="#f5d0a9"/>
    <polygon points="0,600 300,300 520,600" fill="#115038"/><polygon points="380,600 650,250 900,600" fill="#0e422f"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('accessibility of every view (axe-core)', () => {
  // Shared by the journeys below, which run in order on one server.
  let miguel: Page;
  let sofia: Page;
  let lucas: Page;
  let firstSlot: Slot;
  let sofiasSearch: string;

  it('signed-out home, the login modal in its three modes, and the onboarding carousel', JOURNEY, async () => {
    const { context, page } = await browser.page();
    await page.goto('/');
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThanOrEqual(12);
    await banner(page).getByRole('button', { name: 'Sign In' }).waitFor();
    await check(page, 'home-signed-out');

    await banner(page).getByRole('button', { name: 'Sign In' }).click();
    const signInDialog = page.getByRole('dialog', { name: 'Sign In' });
    await signInDialog.getByLabel('Email').waitFor();
    await check(page, 'login-sign-in');
    await signInDialog.getByRole('button', { name: 'Sign In' }).click();
    await signInDialog.getByText('Enter your email address to continue').waitFor();
    await check(page, 'login-sign-in-error');

    await signInDialog.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog', { name: 'Reset your password' }).waitFor();
    await check(page, 'login-forgot-password');

    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('button', { name: 'Create an account' }).click();
    const signUpDialog = page.getByRole('dialog', { name: 'Create your account' });
    await signUpDialog.getByLabel('Confirm password').waitFor();
    await check(page, 'login-sign-up');
    // A malformed address is named under its field in words, never as the validator's raw text.
    await signUpDialog.getByLabel('Name').fill('Rita');
    await signUpDialog.getByLabel('Email').fill('rita@example');
    await signUpDialog.getByLabel('Password', { exact: true }).fill('trail-secret');
    await signUpDialog.getByLabel('Confirm password').fill('trail-secret');
    await signUpDialog.getByRole('button', { name: 'Sign Up' }).click();
    await signUpDialog.getByText("That email address isn't correct").waitFor();
    expect(await signUpDialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await signUpDialog.textContent()).not.toContain('[body.');
    await check(page, 'login-sign-up-error');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await banner(page).getByRole('button', { name: 'Help' }).click();
    await page.getByRole('dialog', { name: 'How TrailBuddy works' }).waitFor();
    await check(page, 'onboarding');
    await context.close();
  });

  it('signed-in home, trail detail, searching with a profile popup and Propose a Date, and a sent invitation', JOURNEY, async () => {
    miguel = await browser.member(MIGUEL, 'miguel-axe');
    sofia = await browser.member(SOFIA, 'sofia-axe');
    const page = miguel;
    firstSlot = await slotOfItsOwn(page, { onHome: true, day: 'own' });
    const { match } = await apiIn<{ match: { id: string } }>(sofia, 'POST', '/api/matches/search', {
      trailId: firstSlot.id,
      day: firstSlot.day,
    });
    sofiasSearch = match.id;
    await page.getByRole('heading', { level: 1, name: `Hi, ${MIGUEL}!` }).waitFor();
    await page.getByRole('article').first().waitFor();
    await check(page, 'home-signed-in');

    await openTrail(page, firstSlot);
    await check(page, 'trail-detail');

    await page.getByRole('button', { name: 'Find Hiking Buddy' }).click();
    await page.getByRole('heading', { level: 2, name: 'Best Matches' }).waitFor();
    const bestMatches = page.locator('#best-matches-list');
    await bestMatches.getByRole('button').first().waitFor();
    await check(page, 'no-matches');

    const showAll = page.getByRole('button', { name: /^Show all \d+ matches$/ });
    if (await showAll.count()) await showAll.click();
    await bestMatches.getByRole('button', { name: SOFIA, exact: true }).click();
    const profile = page.getByRole('dialog', { name: SOFIA });
    await profile.getByRole('button', { name: 'Invite to Hike' }).waitFor();
    await check(page, 'no-matches-profile-popup');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Propose a Date' }).click();
    const propose = page.getByRole('dialog', { name: 'Propose a Date' });
    await propose.getByLabel('Date').waitFor();
    await check(page, 'propose-a-date');
    const tomorrow = await page.evaluate(() => {
      const d = new Date(Date.now() + 24 * 3600_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await propose.getByLabel('Date').fill(tomorrow);
    await propose.getByRole('button', { name: 'Create event' }).click();
    await page.getByText('Your event was created.').waitFor();
    await check(page, 'no-matches-with-created-event');

    await page.getByRole('button', { name: /^Delete event on / }).click();
    await page.getByRole('dialog', { name: 'Delete this event?' }).waitFor();
    await check(page, 'delete-event-confirm');
    await page.getByRole('button', { name: 'Keep event' }).click();

    await bestMatches.getByRole('button', { name: SOFIA, exact: true }).click();
    await profile.getByRole('button', { name: 'Invite to Hike' }).click();
    await page.getByRole('heading', { level: 1, name: 'Request sent to play!' }).waitFor();
    await page.getByText(/as soon as/).waitFor();
    await check(page, 'request-sent');

    // Another pending invitation, on a second slot, to Lucas: it waits in both Pending tabs.
    const invited = await memberWithId(await browser.member(LUCAS, 'lucas-axe'));
    lucas = invited.page;
    const secondSlot = await slotOfItsOwn(page);
    await apiIn(page, 'POST', '/api/matches/invite', { userId: invited.id, trailId: secondSlot.id, day: secondSlot.day });
  });

  it('the invitee sees the request on the same hike and accepts it; the owner sees it accepted', JOURNEY, async () => {
    // Sofia, on her own search of that slot.
    const page = sofia;
    await page.goto(`/trails/${firstSlot.id}/buddies/searches/${sofiasSearch}?day=${firstSlot.day}`);
    const request = page.getByRole('article', { name: `Request from ${MIGUEL}` });
    await request.getByRole('button', { name: 'Accept' }).waitFor();
    await check(page, 'no-matches-incoming-request');

    await request.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('heading', { level: 1, name: 'Match Accepted!' }).waitFor();
    await page.getByText('Your buddy').waitFor();
    await check(page, 'match-accepted');

    // The owner's request-sent view turns into the confirmation without a reload (live events).
    await miguel.getByText(`${SOFIA} accepted. Your hike is confirmed!`).waitFor({ timeout: 20_000 });
    await check(miguel, 'request-sent-confirmed');
    await miguel.getByRole('button', { name: 'See the match' }).click();
    await miguel.getByRole('heading', { level: 1, name: 'Match Accepted!' }).waitFor();
  });

  it('the matches page tabs, for the owner and for someone who has to answer', JOURNEY, async () => {
    const page = miguel;
    await openMatchesTab(page, 'Upcoming');
    await page.getByRole('tabpanel').getByRole('article').first().waitFor();
    await check(page, 'matches-upcoming');
    await openMatchesTab(page, 'Pending');
    await page.getByRole('tabpanel').getByText(`Waiting for ${LUCAS}`).waitFor();
    await check(page, 'matches-pending');
    await openMatchesTab(page, 'Completed');
    await page
      .getByRole('tabpanel')
      .getByText(/No completed hikes yet/)
      .waitFor();
    await check(page, 'matches-completed-empty');

    await openMatchesTab(lucas, 'Pending');
    await lucas.getByRole('tabpanel').getByRole('button', { name: 'Accept' }).waitFor();
    await check(lucas, 'matches-pending-to-answer');
  });

  it('the feedback form, the completed tab, past partners and a public profile', JOURNEY, async () => {
    const page = miguel;
    // The confirmed hike took place whole weeks earlier, at the trail's own time: as many weeks as
    // put its end in the past. One week is not always enough: on a Saturday or Sunday the coming
    // session of that day is next week's (product §9), so a week back is later today.
    const mine = await page.evaluate(async () => {
      const res = await fetch('/api/matches/mine', { headers: { Accept: 'application/json' } });
      return ((await res.json()) as { matches: { id: string; status: string; trailId: string; partner: { name: string } | null }[] })
        .matches;
    });
    const hike = mine.find((m) => m.status === 'confirmed' && m.trailId === firstSlot.id && m.partner?.name === SOFIA);
    expect(hike).toBeDefined();
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    try {
      const { rowCount } = await db.query(
        `UPDATE matches SET start_time = start_time - weeks_back, end_time = end_time - weeks_back
           FROM (SELECT make_interval(weeks => floor(extract(epoch FROM end_time - now()) / 604800)::int + 1) AS weeks_back
                   FROM matches WHERE id = $1) AS shift
          WHERE id = $1`,
        [hike!.id],
      );
      expect(rowCount).toBe(1);
    } finally {
      await db.end();
    }

    await page.reload();
    const feedback = page.getByRole('dialog', { name: 'How was your hike?' });
    await feedback.getByRole('button', { name: 'Submit' }).waitFor();
    await check(page, 'feedback-form');
    await feedback.getByRole('group', { name: 'Did you attend this hike?' }).getByText('Yes').click();
    await feedback.getByRole('group', { name: 'Rating' }).waitFor();
    await check(page, 'feedback-form-attended');
    await feedback.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await openMatchesTab(page, 'Completed');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Give feedback' }).waitFor();
    await check(page, 'matches-completed');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Give feedback' }).click();
    await feedback.getByRole('group', { name: 'Did you attend this hike?' }).getByText('No').click();
    await feedback.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Past partners' }).click();
    await page.getByRole('heading', { level: 1, name: 'Past partners' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await check(page, 'partners');

    await page.getByRole('button', { name: SOFIA, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: SOFIA }).waitFor();
    await check(page, 'public-profile');
  });

  it('the personal profile, viewed and edited, the photo picker and cropper, and the agenda', JOURNEY, async () => {
    const page = miguel;
    await page.getByRole('button', { name: 'Your profile' }).click();
    await page.getByRole('heading', { level: 1, name: MIGUEL }).waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await check(page, 'personal-profile');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('form', { name: 'Edit profile' }).waitFor();
    await check(page, 'personal-profile-edit');
    await page.getByRole('button', { name: 'Cancel' }).first().click();

    await page.getByRole('button', { name: 'Change Photo' }).click();
    await page.getByRole('group', { name: 'Choose an avatar' }).waitFor();
    await check(page, 'personal-profile-photo-picker');

    await page
      .locator('[data-testid="photo-input"]')
      .setInputFiles({ name: 'trail-selfie.png', mimeType: 'image/png', buffer: await testPhoto() });
    const cropper = page.getByRole('dialog', { name: 'Crop your photo' });
    await cropper.getByRole('img', { name: 'The chosen photo' }).waitFor();
    await expect.poll(() => cropper.getByRole('button', { name: 'Done' }).isEnabled()).toBe(true);
    await check(page, 'photo-cropper');
    await cropper.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await bottomBar(page).getByRole('button', { name: 'Agenda' }).click();
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    await page.getByRole('status', { name: 'Loading sessions' }).waitFor({ state: 'detached' });
    // Tomorrow's event and the weekend's invitation: next month's, when this one is ending.
    const busyDays = page.locator('table button[data-has-sessions]');
    if ((await busyDays.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
    await busyDays.first().click();
    await page.locator('section[aria-labelledby="agenda-day-heading"] h3').first().waitFor();
    await check(page, 'agenda');
    await miguel.context().close();
  });

  it('the registration modal of a new account, before and after a refused submit', JOURNEY, async () => {
    const { context, page } = await browser.page();
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Name').fill('Rita Axe');
    await dialog.getByLabel('Email').fill(`a11y${Date.now()}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill('trail-secret');
    await dialog.getByLabel('Confirm password').fill('trail-secret');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();

    const registration = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await registration.getByRole('button', { name: 'Complete Profile' }).waitFor();
    await check(page, 'registration');
    await registration.getByLabel(/^Full name/).fill('');
    await registration.getByRole('button', { name: 'Complete Profile' }).click();
    await registration.getByRole('alert').waitFor();
    await check(page, 'registration-errors');
    await context.close();
  });

  it('/admin for an administrator: the manager, a refused add and the delete confirmation', JOURNEY, async () => {
    const { context, page } = await signedInPage(ADMIN);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    await page
      .getByRole('region', { name: /^Trails/ })
      .getByRole('heading', { level: 3 })
      .first()
      .waitFor();
    await check(page, 'admin');

    await page.getByRole('button', { name: /Add trail/ }).click();
    await page.getByRole('alert').first().waitFor();
    await check(page, 'admin-add-trail-errors');

    await page.getByRole('button', { name: `Delete ${firstSlot.name}` }).click();
    await page.getByRole('dialog', { name: `Delete ${firstSlot.name}?` }).waitFor();
    await check(page, 'admin-delete-trail');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });

  it('/auth with a bad e-mail verification code', JOURNEY, async () => {
    const { context, page } = await browser.page();
    await page.goto('/auth?mode=verifyEmail&oobCode=bad');
    await page.getByRole('heading', { level: 1, name: 'Try verifying your email again' }).waitFor();
    await check(page, 'auth-verify-failed');
    await context.close();
  });

  it('the sign-in widget: providers, e-mail, sign-in, create account, recovery and phone', JOURNEY, async () => {
    const { context, page } = await browser.page();
    const card = widget(page);
    await openWidget(page);
    await check(page, 'widget-providers');
    await enterEmail(page, KNOWN_EMAIL);
    await card.getByRole('heading', { name: 'Sign in' }).waitFor();
    await check(page, 'widget-password-sign-in');
    await card.getByRole('button', { name: 'Trouble signing in?' }).click();
    await card.getByRole('heading', { name: 'Recover password' }).waitFor();
    await check(page, 'widget-recover-password');

    await openWidget(page);
    await enterEmail(page, `a11y-${Date.now()}@example.com`);
    await card.getByRole('heading', { name: 'Create account' }).waitFor();
    await check(page, 'widget-create-account');

    await openWidget(page);
    await card.getByRole('button', { name: 'Sign in with phone' }).click();
    await card.getByLabel('Phone number').waitFor();
    await check(page, 'widget-phone-start');
    await context.close();
  });
});
