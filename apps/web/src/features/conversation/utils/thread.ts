import type { HistoryPage, Message } from '@trailbuddy/shared/contracts/messages';

/**
 * The messages of every loaded page, oldest first, each once. Pages are refetched one after the
 * other when a live event arrives, so a message can sit at the edge of two of them.
 */
export function threadMessages(pages: readonly HistoryPage[]): Message[] {
  const byId = new Map<string, Message>();
  for (const page of pages) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The thread with `message` on its newest page, unless a loaded page has it already. */
export function withMessage<T extends { pages: HistoryPage[] }>(thread: T, message: Message): T {
  if (thread.pages.some((page) => page.messages.some((m) => m.id === message.id))) return thread;
  const [newest, ...older] = thread.pages;
  if (!newest) return thread;
  return { ...thread, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
}

/** The last of my messages the partner has read: where the "Seen" receipt goes. */
export function seenMessageId(messages: readonly Message[], myId: string, partnerReadSeq: number | null): string | null {
  if (partnerReadSeq === null) return null;
  let seen: string | null = null;
  for (const message of messages) if (message.senderId === myId && message.seq <= partnerReadSeq) seen = message.id;
  return seen;
}

/** The newest message from the partner past my read mark, which opening the thread marks read. */
export function newestUnread(messages: readonly Message[], myId: string, myReadSeq: number | null): Message | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.senderId !== myId) return message.seq > (myReadSeq ?? 0) ? message : null;
  }
  return null;
}

export type PendingStatus = 'sending' | 'failed';
export interface PendingMessage {
  clientId: string;
  body: string;
  status: PendingStatus;
  error?: string;
}

/**
 * What I sent that the thread does not show yet (optimistic sends): dropped once a message with
 * its clientId is in the thread, whichever came first, the answer or the live event.
 */
export function stillPending(pending: readonly PendingMessage[], messages: readonly Message[]): PendingMessage[] {
  const delivered = new Set(messages.map((m) => m.clientId));
  return pending.filter((p) => !delivered.has(p.clientId));
}

/** A fresh idempotency key; `crypto.randomUUID` only exists on secure origins, so fall back to random bytes. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
