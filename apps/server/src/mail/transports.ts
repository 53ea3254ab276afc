import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { NodemailerError } from 'nodemailer';
import { emailJsTemplateOf, isTemplateName, type RenderedMail } from './templates.js';

export type OutgoingMail = RenderedMail & {
  to: string;
  template: string;
  params: Record<string, string>;
  idempotencyKey: string;
};

/** Delivers one rendered mail or throws (preferably a MailSendError, which says whether to retry). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * A failed delivery. `retryable` tells the worker whether another attempt can succeed
 * (network, rate limit, server trouble) or the mail should be marked failed at once.
 * `status` is the HTTP status for EmailJS (0 when no response came: product §8 "Network
 * Error") and the SMTP reply code, or 0, for SMTP.
 */
export class MailSendError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly retryable: boolean,
    detail?: string,
    options?: ErrorOptions,
  ) {
    super(detail ? `${status} ${text}: ${detail}` : `${status} ${text}`, options);
    this.name = 'MailSendError';
  }
}

/** A transport that cannot work as configured; thrown at creation so boot fails, not delivery. */
export class MailConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailConfigError';
  }
}

// ---------------------------------------------------------------------------------------
// SMTP

export interface SmtpTransportOptions {
  /** Bounds each wait on the server so a stuck relay cannot hold the delivery lock for minutes. */
  timeoutMs?: number;
}

export function createSmtpTransport(smtpUrl: string, from: string, opts: SmtpTransportOptions = {}): MailTransport {
  if (!/^smtps?:\/\//i.test(smtpUrl)) throw new MailConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl}"`);
  const timeout = opts.timeoutMs ?? 15_000;
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  });
  const messageIdDomain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'trailbuddy.local';

  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // Derived from the idempotency key, so a retry of a mail whose first attempt did
          // arrive carries the same Message-ID and receivers can drop the duplicate.
          messageId: `<${createHash('sha256').update(mail.idempotencyKey).digest('hex').slice(0, 32)}@${messageIdDomain}>`,
          headers: { ...mail.headers, 'X-Idempotency-Key': mail.idempotencyKey },
        });
      } catch (err) {
        throw smtpError(err);
      }
    },
  };
}

function smtpError(err: unknown): MailSendError {
  const e = err as Partial<NodemailerError>;
  const message = e.message ?? String(err);
  const status = typeof e.responseCode === 'number' ? e.responseCode : 0;
  // A 5xx reply rejects this message for good (nodemailer sets `permanent` from the reply
  // class). Bad credentials are a configuration fault an operator fixes, so those retry.
  const retryable = e.code === 'EAUTH' || e.permanent !== true;
  return new MailSendError(status, e.code ?? 'SMTP Error', retryable, message, { cause: err });
}

// ---------------------------------------------------------------------------------------
// EmailJS

/** The SDK version whose request the REST call reproduces (product §9). */
export const EMAILJS_LIB_VERSION = '4.4.1';

export interface EmailJsConfig {
  /** e.g. https://api.emailjs.com */
  origin: string;
  serviceId: string | undefined;
  publicKey: string | undefined;
  /** The account's private key, sent as `accessToken`; EmailJS requires it for server-side calls in strict mode. */
  privateKey?: string | undefined;
  templateGeneral: string | undefined;
  templateMatch: string | undefined;
  timeoutMs?: number;
}

/** product §8 "E-mail service errors": the texts the SDK reports for these statuses. */
const EMAILJS_STATUS_TEXT: Record<number, string> = {
  451: 'Unavailable For Headless Browser',
  403: 'Forbidden',
  429: 'Too Many Requests',
};

export function createEmailJsTransport(config: EmailJsConfig): MailTransport {
  // product §5: a send needs a public key, a service id and a template id. Checked here so a
  // misconfigured server fails at boot instead of queueing mail that can never leave.
  const publicKey = requireSetting(config.publicKey, 'The EmailJS public key is required (EMAILJS_PUBLIC_KEY / publicKey).');
  const serviceId = requireSetting(config.serviceId, 'The EmailJS service ID is required (EMAILJS_SERVICE_ID / serviceId).');
  const templates = {
    general: requireSetting(config.templateGeneral, 'The EmailJS template ID is required (EMAILJS_TEMPLATE_GENERAL / templateGeneral).'),
    match: requireSetting(config.templateMatch, 'The EmailJS template ID is required (EMAILJS_TEMPLATE_MATCH / templateMatch).'),
  };
  let url: URL;
  try {
    // Appended rather than resolved, so an origin with a path (a proxy) keeps it.
    url = new URL(`${config.origin.replace(/\/+$/, '')}/api/v1.0/email/send`);
  } catch {
    throw new MailConfigError(`The EmailJS origin is not a URL: "${config.origin}"`);
  }
  const timeoutMs = config.timeoutMs ?? 15_000;

  return {
    async send(mail) {
      if (!isTemplateName(mail.template)) {
        throw new MailSendError(0, 'Unknown Template', false, `no EmailJS template for "${mail.template}"`);
      }
      if (typeof mail.params !== 'object' || mail.params === null || Array.isArray(mail.params)) {
        throw new MailSendError(0, 'Invalid Params', false, 'The template params have to be an object');
      }
      const body = {
        lib_version: EMAILJS_LIB_VERSION,
        user_id: publicKey,
        service_id: serviceId,
        template_id: templates[emailJsTemplateOf[mail.template]],
        // `subject` and `message` let one "general" EmailJS template carry every general mail
        // (welcome, verify, reset) with the wording rendered here.
        template_params: { ...mail.params, subject: mail.subject, message: mail.text },
        ...(config.privateKey ? { accessToken: config.privateKey } : {}),
      };

      let status: number;
      let text: string;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        text = await res.text();
      } catch (err) {
        // No response at all (refused, DNS, timeout): the SDK's default status 0.
        throw new MailSendError(0, 'Network Error', true, err instanceof Error ? err.message : String(err), { cause: err });
      }
      if (status === 200) return;
      throw emailJsError(status, text);
    },
  };
}

function emailJsError(status: number, responseText: string): MailSendError {
  const known = EMAILJS_STATUS_TEXT[status];
  // 429 and 5xx pass with time; any other 4xx (bad ids, blocked recipient, headless block)
  // would be refused again, so retrying only burns quota.
  const retryable = status === 429 || status >= 500;
  const detail = responseText.trim().slice(0, 500);
  if (known) return new MailSendError(status, known, retryable, detail || undefined);
  return new MailSendError(status, detail || 'EmailJS error', retryable);
}

function requireSetting(value: string | undefined, message: string): string {
  if (value === undefined || value.trim() === '') throw new MailConfigError(message);
  return value.trim();
}
