import type { Db } from '../db/client.js';
import { createDevInboxSmsTransport, createWebhookSmsTransport, type SmsTransport } from './transports.js';

export interface SmsTransportConfig {
  NODE_ENV: 'development' | 'production' | 'test';
  SMS_WEBHOOK_URL?: string | undefined;
  SMS_WEBHOOK_TOKEN?: string | undefined;
  DEV_INBOX: boolean;
}

/**
 * Which SMS transport the environment selects: the webhook when `SMS_WEBHOOK_URL` is set, else
 * the development inbox (DEV_INBOX, never in production), else none, and phone sign-in is off
 * (`operation-not-allowed`) rather than accepting numbers whose codes could never leave.
 */
export function smsTransportKind(config: SmsTransportConfig): SmsTransport['kind'] | null {
  if (config.SMS_WEBHOOK_URL) return 'webhook';
  if (config.DEV_INBOX && config.NODE_ENV !== 'production') return 'dev-inbox';
  return null;
}

/** The transport `smsTransportKind` names, or undefined when SMS is off. */
export function createSmsTransport(config: SmsTransportConfig, db: Db): SmsTransport | undefined {
  switch (smsTransportKind(config)) {
    case 'webhook':
      return createWebhookSmsTransport({ url: config.SMS_WEBHOOK_URL!, token: config.SMS_WEBHOOK_TOKEN });
    case 'dev-inbox':
      return createDevInboxSmsTransport(db);
    default:
      return undefined;
  }
}

// What the rest of the server uses: the queue, the code text, the job and the development inbox.
export { queueSms, type SmsToQueue } from './queue.js';
export { phoneCodeSms } from './templates.js';
export { createDevInboxSmsTransport, type SmsTransport } from './transports.js';
export { sendSmsTask } from './task.js';
export { clearDevSms, listDevSms, renderDevSmsPage } from './dev-inbox.js';
