import { describe, expect, it } from 'vitest';
import { MATCH_STATUSES } from './enums';
import { COMPLETED_CONVERSATION_DAYS, conversationOpen, MESSAGE_MAX_LENGTH, sendMessageSchema } from './messages';

const END = new Date('2026-11-21T13:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe('conversationOpen', () => {
  it('opens pending and confirmed matches whenever, and nothing else but a recent completed one', () => {
    const open = MATCH_STATUSES.filter((status) => conversationOpen({ status, endTime: END }, new Date(END.getTime() + 365 * DAY)));
    expect(open).toEqual(['pending', 'confirmed']);
  });

  it(`keeps a completed match open for ${COMPLETED_CONVERSATION_DAYS} days after its session ended, to the millisecond`, () => {
    const closesAt = END.getTime() + COMPLETED_CONVERSATION_DAYS * DAY;
    expect(conversationOpen({ status: 'completed', endTime: END }, new Date(closesAt - 1))).toBe(true);
    expect(conversationOpen({ status: 'completed', endTime: END }, new Date(closesAt))).toBe(false);
  });
});

describe('sendMessageSchema', () => {
  const clientId = '2f1c0b9e-8d7a-4c3b-9a1e-0f2d3c4b5a69';
  it('trims the body and counts what is left', () => {
    expect(sendMessageSchema.parse({ clientId, body: `  ${'a'.repeat(MESSAGE_MAX_LENGTH)}\n` }).body).toHaveLength(MESSAGE_MAX_LENGTH);
    expect(sendMessageSchema.safeParse({ clientId, body: 'a'.repeat(MESSAGE_MAX_LENGTH + 1) }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ clientId, body: ' \n ' }).success).toBe(false);
  });
});
