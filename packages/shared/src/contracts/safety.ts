import { z } from 'zod';

/**
 * What a blocked pair sees of each other wherever one names the other (ADR 0038, issue 22): a
 * first name and this label, nothing else of the profile.
 */
export const NO_LONGER_AVAILABLE = 'no longer available';

/** "Ingrid (no longer available)": the name a blocked pair shows each other. */
export function unavailablePersonName(fullName: string | null | undefined): string {
  const first = fullName?.trim().split(/\s+/)[0];
  return first ? `${first} (${NO_LONGER_AVAILABLE})` : `Someone (${NO_LONGER_AVAILABLE})`;
}

/**
 * The first name in a name `unavailablePersonName` wrote, or null for any other name: a row with
 * little room shows it beside the words, each whole, instead of one label cut off ("Eva (no longer a…").
 */
export function unavailableFirstName(name: string): string | null {
  const label = ` (${NO_LONGER_AVAILABLE})`;
  return name.endsWith(label) && name.length > label.length ? name.slice(0, -label.length) : null;
}

/** What the blocker's card of a hike their block cancelled says, beside the way to undo the block (ADR 0067). */
export const BLOCKED_HIKE_TEXT = 'This hike was cancelled when you blocked someone on it.';

/**
 * The same card for a hike of three or more: a block takes the blocker off it and the others keep
 * their hike, told only that the blocker left (ADR 0073).
 */
export const BLOCK_LEFT_HIKE_TEXT = 'You left this hike when you blocked someone on it. It goes on for the others.';

/** The reasons a person picks from when reporting someone (issue 14); free text adds detail. */
export const REPORT_REASONS = [
  'harassment',
  'inappropriate-messages',
  'fake-profile',
  'no-show',
  'unsafe-behaviour',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  harassment: 'Harassment or threats',
  'inappropriate-messages': 'Inappropriate messages',
  'fake-profile': 'Fake profile',
  'no-show': 'Did not show up',
  'unsafe-behaviour': 'Unsafe behaviour on the trail',
  spam: 'Spam or advertising',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 1000;
/** How many of the conversation's last messages a report copies as its context. */
export const REPORT_CONTEXT_MESSAGES = 20;

export const reportInputSchema = z.object({
  userId: z.string({ error: 'Choose the person to report.' }).min(1, 'Choose the person to report.'),
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason from the list.' }),
  details: z
    .string({ error: 'Details must be text.' })
    .trim()
    .max(REPORT_DETAILS_MAX, `Keep the details under ${REPORT_DETAILS_MAX} characters.`)
    .default(''),
  matchId: z.uuid({ error: 'Match id must be a UUID.' }).optional(),
  messageId: z.uuid({ error: 'Message id must be a UUID.' }).optional(),
});
export type ReportInput = z.input<typeof reportInputSchema>;

export const blockInputSchema = z.object({
  userId: z.string({ error: 'Choose the person to block.' }).min(1, 'Choose the person to block.'),
  /** The hike the block was made from: both people must be on it (ADR 0067). */
  matchId: z.uuid({ error: 'Match id must be a UUID.' }).optional(),
});
export type BlockInput = z.input<typeof blockInputSchema>;

export const blockedPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const REPORT_STATUSES = ['open', 'in_review', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_RESOLUTIONS = ['dismissed', 'warned', 'disabled'] as const;

/** What a report copied when it was made: it stays as it was, whatever happens afterwards. */
export const reportContextSchema = z.object({
  match: z
    .object({
      id: z.string(),
      status: z.string(),
      trailName: z.string().nullable(),
      startTime: z.string(),
      participants: z.array(z.string()),
    })
    .nullable(),
  messages: z.array(z.object({ id: z.string(), senderId: z.string(), body: z.string(), createdAt: z.string() })),
  reportedMessageId: z.string().nullable(),
});
export type ReportContext = z.infer<typeof reportContextSchema>;

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), disabled: z.boolean() });

export const adminReportSchema = z.object({
  id: z.string(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.enum(REPORT_RESOLUTIONS).nullable(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  reporter: personSchema,
  reported: personSchema,
  context: reportContextSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const ADMIN_REPORT_ACTIONS = ['review', 'dismiss', 'warn', 'disable'] as const;
export type AdminReportAction = (typeof ADMIN_REPORT_ACTIONS)[number];
export const ADMIN_NOTE_MAX = 500;
export const WARNING_MESSAGE_MAX = 500;
export const WARNING_MESSAGE_MISSING = 'Write the message the member will read.';
/**
 * An administrator's action on a report. The note is for the audit log and the administrators
 * only; a warning carries its own message to the member (issue 23), which the admin page
 * previews as the member will read it before it is sent.
 */
export const adminReportActionSchema = z
  .object({
    action: z.enum(ADMIN_REPORT_ACTIONS, { error: 'Choose review, dismiss, warn or disable.' }),
    note: z
      .string({ error: 'Say why.' })
      .trim()
      .min(1, 'Say why: the audit log records it.')
      .max(ADMIN_NOTE_MAX, `Keep the note under ${ADMIN_NOTE_MAX} characters.`),
    message: z
      .string({ error: WARNING_MESSAGE_MISSING })
      .trim()
      .max(WARNING_MESSAGE_MAX, `Keep the message under ${WARNING_MESSAGE_MAX} characters.`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'warn' && !body.message) ctx.addIssue({ code: 'custom', path: ['message'], message: WARNING_MESSAGE_MISSING });
  });
export type AdminReportActionInput = z.infer<typeof adminReportActionSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  adminId: z.string(),
  adminEmail: z.string(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  reportId: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
