import type { HistoryPage, Message } from '@trailbuddy/shared/contracts/messages';
import { describe, expect, it } from 'vitest';
import { newClientId, newestUnread, seenMessageId, stillPending, threadMessages, withMessage } from './thread';

const msg = (seq: number, senderId: string): Message => ({
  id: `m${seq}`,
  matchId: 'match',
  senderId,
  clientId: `c${seq}`,
  body: `message ${seq}`,
  createdAt: '2026-11-18T09:00:00.000Z',
  seq,
});
const page = (messages: Message[], nextCursor: string | null = null): HistoryPage => ({
  messages,
  nextCursor,
  partnerRead: null,
  myRead: null,
  unread: 0,
});

describe('threadMessages', () => {
  it('puts every loaded page in order, oldest first, each message once', () => {
    // The newest page first, as the server pages; a refetch after a new message shifted the edge.
    const pages = [page([msg(4, 'me'), msg(5, 'you'), msg(6, 'you')], '4'), page([msg(2, 'me'), msg(3, 'you'), msg(4, 'me')])];
    expect(threadMessages(pages).map((m) => m.seq)).toEqual([2, 3, 4, 5, 6]);
  });
});

describe('withMessage', () => {
  it('adds an answered send to the newest page, once, and leaves the older pages as they are', () => {
    const older = page([msg(1, 'me'), msg(2, 'you')]);
    const thread = { pages: [page([msg(3, 'me')], '3'), older], pageParams: [undefined, '3'] };
    const added = withMessage(thread, msg(4, 'me'));
    expect(threadMessages(added.pages).map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(added.pages[1]).toBe(older);
    expect(added.pageParams).toBe(thread.pageParams);
    // A live refetch that brought it first: nothing to add.
    expect(withMessage(added, msg(4, 'me'))).toBe(added);
    expect(withMessage(thread, msg(2, 'you'))).toBe(thread);
  });
});

describe('read receipts', () => {
  const thread = [msg(1, 'me'), msg(2, 'you'), msg(3, 'me'), msg(4, 'me'), msg(5, 'you')];
  it('shows Seen under my last message the partner has read', () => {
    expect(seenMessageId(thread, 'me', null)).toBeNull();
    expect(seenMessageId(thread, 'me', 3)).toBe('m3');
    expect(seenMessageId(thread, 'me', 5)).toBe('m4');
  });
  it('marks the newest message from the partner, only when it is past my read mark', () => {
    expect(newestUnread(thread, 'me', null)?.id).toBe('m5');
    expect(newestUnread(thread, 'me', 5)).toBeNull();
    expect(newestUnread([msg(1, 'you'), msg(2, 'me')], 'me', 0)?.id).toBe('m1');
    expect(newestUnread([msg(1, 'me')], 'me', null)).toBeNull();
  });
});

describe('optimistic sends', () => {
  it('drops a pending message once the thread holds its clientId', () => {
    const pending = [
      { clientId: 'c2', body: 'x', status: 'sending' as const },
      { clientId: 'c9', body: 'y', status: 'failed' as const },
    ];
    expect(stillPending(pending, [msg(2, 'me')]).map((p) => p.clientId)).toEqual(['c9']);
  });
  it('makes a fresh version-4 UUID each time', () => {
    const a = newClientId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newClientId()).not.toBe(a);
  });
});
