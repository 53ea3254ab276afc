import { z } from 'zod';
import { button, details, layout, paragraph, type RenderedMail } from './layout.js';
import { notificationItemsSchema, renderNotificationMail } from './notification-templates.js';
import { emergencyContactConfirm, tripCardMail, tripOverdueMail, tripTemplateSchemas } from './trip-templates.js';

export type { RenderedMail } from './layout.js';

// Every field is required: a missing one is an error at enqueue time, never a blank mail.
const required = z.string().trim().min(1, 'is required');
// Links go into href attributes: only web addresses, never `javascript:` or `data:`.
const webLink = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

const general = z.object({ to_email: z.email(), to_name: required });
const withLink = general.extend({ link: webLink });

/**
 * The templates and their params. Param names are the EmailJS template_params of product §7
 * (snake_case), so the same stored params feed either transport unchanged.
 */
export const templateSchemas = {
  welcome: general,
  'match-confirmed': general.extend({
    partner_name: required,
    // A partner may not have written a bio yet: the key must be there, it may be empty.
    partner_bio: z.string().trim(),
    partner_skill_level: required,
    trail_name: required,
    /** Already formatted for the reader (see format.ts), e.g. "Saturday 14 June 2025, 10:00". */
    start_time: required,
    end_time: required,
    location: required,
  }),
  'verify-email': withLink,
  'reset-password': withLink,
  'email-sign-in': withLink,
  'verify-and-change-email': withLink.extend({ new_email: z.email() }),
  'recover-email': withLink.extend({ new_email: z.email() }),
  'second-factor-added': withLink.extend({ factor: required }),
  /**
   * The notifications of one batch (ADR 0025). `items` is a JSON list (params stay strings, as
   * EmailJS takes them); each item is rendered by its kind's template (notification-templates.ts).
   */
  notifications: general.extend({
    items: z.string().refine((json) => notificationItemsSchema.safeParse(safeJson(json)).success, 'must be a JSON list of notifications'),
    unsubscribe_url: webLink,
    preferences_url: webLink,
  }),
  ...tripTemplateSchemas,
} as const;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type TemplateName = keyof typeof templateSchemas;
export type TemplateParams<N extends TemplateName> = z.infer<(typeof templateSchemas)[N]>;

/** A template with its params, discriminated on `template`. */
export type TemplateMail = { [N in TemplateName]: { template: N; params: TemplateParams<N> } }[TemplateName];

export const templateNames = Object.keys(templateSchemas) as TemplateName[];

/** product §7: EmailJS has two templates, one for the confirmed match and one general. */
export type EmailJsTemplateKind = 'general' | 'match';
export const emailJsTemplateOf: Record<TemplateName, EmailJsTemplateKind> = {
  welcome: 'general',
  'match-confirmed': 'match',
  'verify-email': 'general',
  'reset-password': 'general',
  'email-sign-in': 'general',
  'verify-and-change-email': 'general',
  'recover-email': 'general',
  'second-factor-added': 'general',
  notifications: 'general',
  'emergency-contact-confirm': 'general',
  'trip-card': 'general',
  'trip-overdue': 'general',
};

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(templateSchemas, name);
}

export class InvalidMailParamsError extends Error {
  constructor(
    readonly template: string,
    /** Param name → problem, for logs and tests. */
    readonly fields: Record<string, string>,
  ) {
    const list = Object.entries(fields)
      .map(([field, problem]) => `${field} ${problem}`)
      .join('; ');
    super(`Invalid params for mail template "${template}": ${list}`);
    this.name = 'InvalidMailParamsError';
  }
}

/** Validates params read from anywhere (a caller, or a queued job) for a template. */
export function parseTemplateMail(template: string, params: unknown): TemplateMail {
  if (!isTemplateName(template)) {
    throw new InvalidMailParamsError(template, { template: `is unknown (known: ${templateNames.join(', ')})` });
  }
  const result = templateSchemas[template].safeParse(params);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length > 0 ? issue.path.join('.') : 'params';
      fields[key] ??= issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    }
    throw new InvalidMailParamsError(template, fields);
  }
  // The schema chosen by `template` produced the data, so they correspond; TS cannot
  // correlate the two through the index, hence the assertion.
  return { template, params: result.data } as TemplateMail;
}

export function renderMail(mail: TemplateMail): RenderedMail {
  switch (mail.template) {
    case 'welcome':
      return welcome(mail.params);
    case 'match-confirmed':
      return matchConfirmed(mail.params);
    case 'verify-email':
      return verifyEmail(mail.params);
    case 'reset-password':
      return resetPassword(mail.params);
    case 'verify-and-change-email':
      return verifyAndChangeEmail(mail.params);
    case 'recover-email':
      return recoverEmail(mail.params);
    case 'second-factor-added':
      return secondFactorAdded(mail.params);
    case 'email-sign-in':
      return emailSignIn(mail.params);
    case 'notifications':
      return renderNotificationMail({
        toName: mail.params.to_name,
        items: notificationItemsSchema.parse(JSON.parse(mail.params.items)),
        unsubscribeUrl: mail.params.unsubscribe_url,
        preferencesUrl: mail.params.preferences_url,
      });
    case 'emergency-contact-confirm':
      return emergencyContactConfirm(mail.params);
    case 'trip-card':
      return tripCardMail(mail.params);
    case 'trip-overdue':
      return tripOverdueMail(mail.params);
  }
}

function welcome(p: TemplateParams<'welcome'>): RenderedMail {
  return layout(`Welcome to TrailBuddy, ${p.to_name}!`, [
    paragraph(`Hi ${p.to_name},`),
    paragraph('Welcome to TrailBuddy. Pick a trail, choose Saturday or Sunday, and we will pair you ' + 'with a buddy for the weekend.'),
    // Sent once registration is complete: the profile is done, so say what it is for now.
    paragraph('Your profile is ready, so your matches can see your pace and experience. See you on the trail!'),
  ]);
}

function matchConfirmed(p: TemplateParams<'match-confirmed'>): RenderedMail {
  return layout(`Your TrailBuddy match for ${p.trail_name} is confirmed`, [
    paragraph(`Hi ${p.to_name},`),
    // Both participants get this mail, the one who accepted and the one who asked: say what is
    // true for either (the match is confirmed), not who confirmed it.
    paragraph(`Good news: you and ${p.partner_name} are matched for ${p.trail_name}. Your hike is confirmed.`),
    details([
      ['Trail', p.trail_name],
      ['Location', p.location],
      ['Starts', p.start_time],
      ['Ends', p.end_time],
      ['Partner', p.partner_name],
      ['Skill level', p.partner_skill_level],
      ['About them', p.partner_bio],
    ]),
    paragraph('Have a great time, and tell us how it went afterwards.'),
  ]);
}

function verifyEmail(p: TemplateParams<'verify-email'>): RenderedMail {
  return layout('Verify your TrailBuddy e-mail address', [
    paragraph(`Hi ${p.to_name},`),
    paragraph('Confirm that this is your e-mail address to finish setting up your TrailBuddy account.'),
    button(p.link, 'Verify e-mail address'),
    paragraph('If you did not create a TrailBuddy account, you can ignore this e-mail.'),
  ]);
}

function resetPassword(p: TemplateParams<'reset-password'>): RenderedMail {
  return layout('Reset your TrailBuddy password', [
    paragraph(`Hi ${p.to_name},`),
    paragraph('Someone asked to reset the password of your TrailBuddy account. Choose a new one here:'),
    button(p.link, 'Reset password'),
    paragraph('If you did not ask for this, ignore this e-mail: your password stays as it is.'),
  ]);
}

function emailSignIn(p: TemplateParams<'email-sign-in'>): RenderedMail {
  return layout('Sign in to TrailBuddy', [
    paragraph(`Hi ${p.to_name},`),
    paragraph('Use this link to sign in to TrailBuddy. It works once, for one hour.'),
    button(p.link, 'Sign in to TrailBuddy'),
    paragraph('If you did not ask to sign in, ignore this e-mail: nobody can sign in without the link.'),
  ]);
}

function verifyAndChangeEmail(p: TemplateParams<'verify-and-change-email'>): RenderedMail {
  return layout('Confirm your new TrailBuddy e-mail address', [
    paragraph(`Hi ${p.to_name},`),
    paragraph(`Someone asked to change the sign-in e-mail of a TrailBuddy account to ${p.new_email}. Confirm it here:`),
    button(p.link, 'Confirm new e-mail address'),
    paragraph('If you did not ask for this, ignore this e-mail: the account keeps its current address.'),
  ]);
}

function recoverEmail(p: TemplateParams<'recover-email'>): RenderedMail {
  return layout('Your TrailBuddy sign-in e-mail was changed', [
    paragraph(`Hi ${p.to_name},`),
    paragraph(`The sign-in e-mail of your TrailBuddy account was changed to ${p.new_email}.`),
    paragraph('If you did not ask for this, someone may be using your account. Change it back here, then change your password:'),
    button(p.link, 'Restore my e-mail address'),
  ]);
}

function secondFactorAdded(p: TemplateParams<'second-factor-added'>): RenderedMail {
  return layout('A second sign-in step was added to your TrailBuddy account', [
    paragraph(`Hi ${p.to_name},`),
    paragraph(`${p.factor} was added as a second authentication step to your TrailBuddy account.`),
    paragraph('If you did not do this, someone may be using your account. Remove it here, then change your password:'),
    button(p.link, 'Remove the second step'),
  ]);
}
