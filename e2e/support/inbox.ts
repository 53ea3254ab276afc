import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export interface InboxMail {
  id: string;
  subject: string;
  html: string;
  text?: string;
  to: { address: string; name?: string }[];
}

/** Reads the development inbox (maildev's REST API) the server delivers to. */
export async function mailsTo(address: string): Promise<InboxMail[]> {
  const res = await fetch(`${inject('inboxUrl')}/api/email`);
  if (!res.ok) throw new Error(`dev inbox answered ${res.status}`);
  const all = (await res.json()) as InboxMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

/** Waits for a mail to arrive (the job worker delivers within seconds). */
export async function waitForMail(address: string, match: (m: InboxMail) => boolean, timeoutMs = 20_000): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await mailsTo(address)).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no matching mail reached ${address} within ${timeoutMs} ms`);
}

/** The first link in a mail whose URL contains `contains`. */
export function linkIn(mail: InboxMail, contains: string): string {
  const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const link = links.find((l) => l.includes(contains));
  if (!link) throw new Error(`no link containing "${contains}" in mail "${mail.subject}"`);
  return link;
}

/**
 * Follows the verification link mailed to `email` in `page`, as a person does from the inbox:
 * who may match needs a verified contact (ADR 0030). Leaves the page on the confirmation.
 */
export async function verifyFromInbox(page: Page, email: string): Promise<void> {
  const mail = await waitForMail(email, (m) => m.html.includes('mode=verifyEmail'));
  await page.goto(linkIn(mail, 'mode=verifyEmail'));
  await page.getByRole('heading', { name: 'Your email has been verified' }).waitFor();
}
