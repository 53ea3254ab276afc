import type { JobLog } from '../jobs/log.js';

export interface DevInboxOptions {
  /** 0 picks a free port (tests). */
  smtpPort: number;
  webPort: number;
  log: Pick<JobLog, 'info'>;
  /** Keep received mail on disk across restarts; in memory when unset. */
  mailDirectory?: string | undefined;
}

export interface DevInbox {
  /** Pass as SMTP_URL: the SMTP transport then delivers here. */
  smtpUrl: string;
  /** The inbox a person opens in the browser. */
  webUrl: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

/**
 * The development inbox (architecture §1): maildev in-process, so sign-up, e-mail links and
 * password resets work on a fresh machine with no mail account. Bound to loopback because it
 * has no authentication and shows every mail, and with no outgoing relay so nothing it
 * receives ever leaves the machine.
 */
export async function startDevInbox({ smtpPort, webPort, log, mailDirectory }: DevInboxOptions): Promise<DevInbox> {
  // Loaded on demand: maildev brings its own web server and UI, which a production boot
  // that merely imports the mail module should not pay for.
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp: smtpPort,
    ip: HOST,
    web: webPort,
    webIp: HOST,
    silent: true,
    autoRelay: false,
    // Bounded, so a long-running dev server does not grow without limit.
    maxEmails: 500,
    ...(mailDirectory ? { mailDirectory } : {}),
  });
  const servers = await maildev.start();
  const smtp = servers.smtp.getAddress();
  const web = servers.api?.getAddress();
  const smtpUrl = `smtp://${HOST}:${smtp.port}`;
  const webUrl = `http://${HOST}:${web?.port ?? webPort}`;
  log.info({ smtpUrl, webUrl }, 'development mail inbox started');
  return { smtpUrl, webUrl, close: () => maildev.stop() };
}
