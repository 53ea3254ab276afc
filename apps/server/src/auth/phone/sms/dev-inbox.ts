import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { smsDevInbox } from '../../../db/schema/sms.js';
import { html, joinHtml } from '../../../html.js';

/** The newest messages the development SMS transport delivered, optionally for one number. */
export async function listDevSms(db: Db, opts: { to?: string | undefined; limit: number }) {
  return db
    .select({ id: smsDevInbox.id, to: smsDevInbox.toPhone, body: smsDevInbox.body, receivedAt: smsDevInbox.receivedAt })
    .from(smsDevInbox)
    .where(opts.to ? eq(smsDevInbox.toPhone, opts.to) : undefined)
    .orderBy(desc(smsDevInbox.receivedAt), desc(smsDevInbox.id))
    .limit(opts.limit);
}

/**
 * The inbox a person reads while trying phone sign-in locally: newest first, refreshing itself
 * every 5 s without any script (the CSP allows none inline anyway).
 */
export function renderDevSmsPage(messages: Awaited<ReturnType<typeof listDevSms>>): string {
  const rows = messages.map((m) =>
    joinHtml([
      html`<tr><td class="when">${m.receivedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</td>`,
      html`<td class="to">${m.to}</td><td class="body">${m.body}</td></tr>`,
    ]),
  );
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>TrailBuddy · development SMS inbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2933; }
  h1 { color: #2f6f4e; font-size: 1.4rem; }
  p { color: #52606d; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid #e4e7eb; vertical-align: top; }
  td.when, td.to { white-space: nowrap; font-variant-numeric: tabular-nums; }
  td.body { font-size: 1.05rem; }
</style>
</head>
<body>
<h1>Development SMS inbox</h1>
<p>Every text message TrailBuddy sends while no SMS gateway is configured lands here instead of a phone
(newest first; this page refreshes every 5 seconds). JSON: <a href="/api/dev/sms">/api/dev/sms</a>.</p>
${
  messages.length === 0
    ? html`<p><em>No messages yet. Start a phone sign-in and the code appears here.</em></p>`
    : html`<table>\n<thead><tr><th>Received</th><th>To</th><th>Message</th></tr></thead>\n<tbody>\n${rows.map((row, i) => (i === 0 ? row : [html`\n`, row]))}\n</tbody>\n</table>`
}
</body>
</html>
`.toString();
}
