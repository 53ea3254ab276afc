import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser';
import { openWidget, widget } from './support/widget';

const browser = useBrowser();

/** The newest code the dev SMS inbox (GET /api/dev/sms, loopback only) holds for `to`. */
async function waitForSmsCode(to: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl()}/api/dev/sms?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: { body: string }[] };
    const code = messages[0] && /\b(\d{6})\b/.exec(messages[0].body)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no SMS reached ${to} within ${timeoutMs} ms`);
}

describe('phone sign-in through the widget', () => {
  it('sends a code to a Portuguese number, refuses a wrong code, reads the right one from the dev SMS inbox and signs in', async () => {
    const national = `91${String(Date.now()).slice(-7)}`;
    const { context, page } = await browser.page({ width: 1024, height: 800 });
    await openWidget(page);
    const card = widget(page);
    await card.getByRole('button', { name: 'Sign in with phone' }).click();
    await card.getByRole('heading', { name: 'Enter your phone number' }).waitFor();
    // Portugal is the app's default country.
    await card.getByRole('button', { name: 'Select a country: Portugal +351' }).waitFor();
    await card.getByLabel('Phone number').fill(national);

    // The ALTCHA checkbox: ticked, it solves its proof of work in the browser.
    await card.getByLabel("I'm not a robot").click();
    await card.getByText('Verified', { exact: true }).waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Verify' }).click();

    await card.getByRole('heading', { name: 'Verify your phone number' }).waitFor();
    await card.getByText(/Resend code in 0:\d\d/).waitFor();
    const code = await waitForSmsCode(`+351${national}`);
    // A wrong code is refused inline and the code still works (Better Auth's phone plugin counts it).
    await card.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await card.getByRole('button', { name: 'Continue' }).click();
    await card.getByText('Wrong code. Try again.').waitFor();
    await card.getByLabel('6-digit code').fill(code);
    await card.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByRole('dialog', { name: 'Complete Your Profile' }).waitFor();
    const user = await page.evaluate(
      async () => ((await (await fetch('/api/auth/identity/user')).json()) as { user: { phoneNumber: string } }).user,
    );
    expect(user.phoneNumber).toBe(`+351${national}`);
    await context.close();
  });
});
