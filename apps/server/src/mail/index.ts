import { createEmailJsTransport, createSmtpTransport, MailConfigError, type MailTransport } from './transports.js';

export interface MailTransportConfig {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  EMAILJS_SERVICE_ID?: string | undefined;
  EMAILJS_PUBLIC_KEY?: string | undefined;
  EMAILJS_PRIVATE_KEY?: string | undefined;
  EMAILJS_TEMPLATE_GENERAL?: string | undefined;
  EMAILJS_TEMPLATE_MATCH?: string | undefined;
  EMAILJS_ORIGIN: string;
}

/**
 * Picks the transport from the environment: EmailJS when its service id is set (the seed
 * product's provider), else SMTP. No silent fallback: without either the server would
 * accept sign-ups whose mail can never leave, so it refuses to start instead.
 */
export function createMailTransport(config: MailTransportConfig): MailTransport {
  if (config.EMAILJS_SERVICE_ID) {
    return createEmailJsTransport({
      origin: config.EMAILJS_ORIGIN,
      serviceId: config.EMAILJS_SERVICE_ID,
      publicKey: config.EMAILJS_PUBLIC_KEY,
      privateKey: config.EMAILJS_PRIVATE_KEY,
      templateGeneral: config.EMAILJS_TEMPLATE_GENERAL,
      templateMatch: config.EMAILJS_TEMPLATE_MATCH,
    });
  }
  if (config.SMTP_URL) return createSmtpTransport(config.SMTP_URL, config.MAIL_FROM);
  throw new MailConfigError(
    'No mail transport configured: set SMTP_URL (smtp://user:pass@host:port), or EMAILJS_SERVICE_ID with ' +
      'EMAILJS_PUBLIC_KEY, EMAILJS_TEMPLATE_GENERAL and EMAILJS_TEMPLATE_MATCH, or enable the development inbox (DEV_INBOX=true).',
  );
}

export { enqueueMail, MAIL_MAX_ATTEMPTS, type EnqueueParams, type EnqueueResult, type MailJob, type MailToEnqueue } from './queue.js';
export {
  emailJsTemplateOf,
  InvalidMailParamsError,
  parseTemplateMail,
  renderMail,
  templateNames,
  templateSchemas,
  type EmailJsTemplateKind,
  type RenderedMail,
  type TemplateMail,
  type TemplateName,
  type TemplateParams,
} from './templates.js';
export {
  createEmailJsTransport,
  createSmtpTransport,
  EMAILJS_LIB_VERSION,
  MailConfigError,
  MailSendError,
  type EmailJsConfig,
  type MailTransport,
  type OutgoingMail,
} from './transports.js';
export { sendMailTask, type SendMailTaskOptions } from './task.js';
export { startDevInbox, type DevInbox, type DevInboxOptions } from './dev-inbox.js';
export { formatMailDateTime } from './format.js';
