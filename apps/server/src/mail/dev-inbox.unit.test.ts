import { describe, expect, it } from 'vitest';
import { silentLog } from '../jobs/log.js';
import { startDevInbox } from './dev-inbox.js';
import { renderMail } from './templates.js';
import { createSmtpTransport } from './transports.js';

describe('development inbox', () => {
  it('receives what the SMTP transport sends and shows it in its web API, on loopback only', async () => {
    const inbox = await startDevInbox({ smtpPort: 0, webPort: 0, log: silentLog });
    try {
      expect(inbox.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      expect(inbox.webUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      const params = { to_email: 'ana@example.com', to_name: 'Ana' };
      const transport = createSmtpTransport(inbox.smtpUrl, 'TrailBuddy <hello@trailbuddy.app>');
      await transport.send({
        ...renderMail({ template: 'welcome', params }),
        to: 'ana@example.com',
        template: 'welcome',
        params,
        idempotencyKey: 'welcome:dev-inbox',
      });

      const res = await fetch(`${inbox.webUrl}/api/email`);
      expect(res.status).toBe(200);
      const mails = (await res.json()) as { subject?: string; to?: { address?: string }[] }[];
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Welcome to TrailBuddy, Ana!');
      expect(mails[0]?.to?.[0]?.address).toBe('ana@example.com');
    } finally {
      await inbox.close();
    }
  });
});
