import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { conversationOpen, MESSAGE_MAX_LENGTH, type Message } from '@trailbuddy/shared/contracts/messages';
import { formatDateTime } from '@trailbuddy/shared/domain/date-format';
import { ArrowLeft, RotateCw, SendHorizontal } from 'lucide-react';
import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { useMyMatch } from '../../../lib/queries/matches';
import { useMe } from '../../../lib/queries/me';
import { errorMessage } from '../../../lib/error-message';
import { useMarkRead, useSendMessage, useThread } from '../api/conversation';
import { newClientId, newestUnread, seenMessageId, stillPending, threadMessages, type PendingMessage } from '../utils/thread';

/** The buddy conversation of one match (ADR 0026): history, live updates, read receipts and the composer. */
export interface ConversationViewProps {
  matchId: string;
  /**
   * Composed by app/ (issue 14): Block and Report for each other person in the conversation (on a
   * hike, everyone else on it: issue 23), and Report on each of their messages, naming its sender.
   */
  partnerActions?: (person: { id: string; name: string }, matchId: string) => ReactNode;
  messageActions?: (person: { id: string; name: string }, matchId: string, messageId: string) => ReactNode;
}

type Person = { id: string; name: string };

/** Everyone else in the conversation: the people on the hike, or the partner when the view has no list. */
const othersIn = (match: MatchView | null | undefined): Person[] =>
  !match ? [] : match.people.length > 0 ? match.people.map((p) => p.profile) : match.partner ? [match.partner] : [];

/** "Joana Lima", "Joana Lima and Eva Lopes", "Joana Lima, Eva Lopes and Rui Santos": a hike's conversation names everyone. */
const namesOf = (people: Person[]) => {
  const names = people.map((p) => p.name.trim());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

export default function ConversationView({ matchId, partnerActions, messageActions }: ConversationViewProps) {
  const { navigate } = useNavigation();
  const me = useMe().data;
  const match = useMyMatch(matchId).data;
  const thread = useThread(matchId);
  const send = useSendMessage(matchId);
  const markRead = useMarkRead(matchId);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const headingId = useId();

  const pages = thread.data?.pages ?? [];
  const messages = threadMessages(pages);
  const newest = pages[0];
  const myId = me?.user.id ?? '';
  const others = othersIn(match);
  const partnerName = namesOf(others) || FALLBACK_LABELS.unknownPartner;
  const sender = (id: string) => others.find((person) => person.id === id);
  const open = match ? conversationOpen({ status: match.status, endTime: new Date(match.endTime) }, new Date()) : true;
  const seenId = seenMessageId(messages, myId, newest?.partnerRead?.seq ?? null);
  const unsent = stillPending(pending, messages);

  // Opening the thread (and every live message while it is open and visible) marks it read; a
  // message that came while the tab was hidden is marked when the person comes back to it.
  const visible = useDocumentVisible();
  const toMark = me && newest ? newestUnread(messages, myId, newest.myRead?.seq ?? null) : null;
  const marking = useRef<string | null>(null);
  useEffect(() => {
    if (!toMark || marking.current === toMark.id || !visible) return;
    marking.current = toMark.id;
    markRead.mutate(toMark.id);
  }, [toMark, markRead, visible]);

  // Keep the newest message in view as messages arrive, not when older pages are loaded.
  const bottom = useRef<HTMLDivElement>(null);
  const lastId = unsent.at(-1)?.clientId ?? messages.at(-1)?.id;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  // One send at a time, in the order they were written: two in flight commit in either order,
  // and the thread is in the order of their commits.
  const sendsInOrder = useRef<Promise<unknown>>(Promise.resolve());
  const update = (clientId: string, change: Pick<PendingMessage, 'status' | 'error'>) =>
    setPending((list) => list.map((p) => (p.clientId === clientId ? { ...p, ...change } : p)));
  const deliver = (message: PendingMessage) => {
    update(message.clientId, { status: 'sending', error: undefined });
    const sent = sendsInOrder.current.then(() => send.mutateAsync({ clientId: message.clientId, body: message.body }));
    sendsInOrder.current = sent.catch(() => undefined);
    // Each send settles on its own promise: the callbacks given to `mutate` fire for the latest of
    // several calls in flight only, which left the others "Sending…" for good. An answered send
    // is in the thread's cache already (useSendMessage), so it leaves the pending list without a
    // flicker, and stays answered when it falls behind the newest page.
    sent.then(
      () => setPending((list) => list.filter((p) => p.clientId !== message.clientId)),
      (error: unknown) => update(message.clientId, { status: 'failed', error: errorMessage(error) }),
    );
  };

  const submit = (body: string) => {
    const message: PendingMessage = { clientId: newClientId(), body, status: 'sending' };
    setPending((list) => [...list, message]);
    deliver(message);
  };

  return (
    <section aria-labelledby={headingId} className="mx-auto flex max-w-2xl flex-col gap-4">
      <header className="flex items-center gap-3">
        <Button variant="ghost" onClick={() => navigate({ name: 'matches-page' })} aria-label="Back to My Matches">
          <ArrowLeft className="size-4" aria-hidden="true" />
        </Button>
        <div className="min-w-0">
          <h1 id={headingId} className="truncate text-xl font-bold text-stone-900">
            {partnerName}
          </h1>
          {match?.trail && <p className="truncate text-sm text-stone-600">{match.trail.name}</p>}
        </div>
        {others.length > 0 && (
          <div className="ml-auto flex flex-wrap justify-end gap-x-3 gap-y-1">
            {others.map((person) => (
              <Fragment key={person.id}>{partnerActions?.(person, matchId)}</Fragment>
            ))}
          </div>
        )}
      </header>

      {thread.isError ? (
        <Alert tone="error">{errorMessage(thread.error)}</Alert>
      ) : thread.isPending ? (
        <p role="status" className="py-8 text-center text-stone-600">
          Loading the conversation…
        </p>
      ) : (
        <>
          {thread.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              disabled={thread.isFetchingNextPage}
              onClick={() => void thread.fetchNextPage()}
            >
              {thread.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
            </Button>
          )}
          <ol aria-label={`Conversation with ${partnerName}`} className="flex flex-col gap-2">
            {messages.length === 0 && unsent.length === 0 && (
              <li className="py-6 text-center text-sm text-stone-600">No messages yet. Say hello and agree where to meet.</li>
            )}
            {messages.map((message) => (
              <Bubble
                key={message.id}
                message={message}
                mine={message.senderId === myId}
                seen={message.id === seenId}
                actions={withSender(sender(message.senderId), message.senderId !== myId, (person) =>
                  messageActions?.(person, matchId, message.id),
                )}
              />
            ))}
            {unsent.map((message) => (
              <li key={message.clientId} className="flex flex-col items-end gap-1">
                <p className="max-w-[80%] rounded-2xl rounded-br-sm bg-brand-700/70 px-3.5 py-2 break-words whitespace-pre-wrap text-white">
                  {message.body}
                </p>
                {message.status === 'sending' ? (
                  <span className="text-xs text-stone-500">Sending…</span>
                ) : (
                  <span className="flex items-center gap-2 text-xs text-red-700">
                    Not sent: {message.error}
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 font-semibold underline"
                      onClick={() => deliver(message)}
                    >
                      <RotateCw className="size-3" aria-hidden="true" />
                      Retry
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ol>
        </>
      )}

      {open ? <Composer onSend={submit} /> : <Alert tone="error">This conversation is closed.</Alert>}
      {/* Below the composer, with the composer's own distance from the window's bottom (bottom-20):
          scrolled to, it brings the composer to where it sits, not over the newest message. */}
      <div ref={bottom} className="scroll-mb-20" />
    </section>
  );
}

/** A message's actions name the one who wrote it (on a hike, not always the first other person). */
const withSender = (person: Person | undefined, theirs: boolean, actions: (person: Person) => ReactNode) =>
  person && theirs ? actions(person) : undefined;

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

function Bubble({ message, mine, seen, actions }: { message: Message; mine: boolean; seen: boolean; actions?: ReactNode }) {
  return (
    <li className={`flex flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
      <span className="sr-only">{mine ? 'You' : 'Your buddy'}:</span>
      {/* Plain text: React escapes it, so markup shows as typed and links are not clickable. */}
      <p
        className={`max-w-[80%] rounded-2xl px-3.5 py-2 break-words whitespace-pre-wrap ${
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-stone-900 ring-1 ring-stone-200'
        }`}
      >
        {message.body}
      </p>
      <span className="text-xs text-stone-500">
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        {seen && <span> · Seen</span>}
      </span>
      {actions}
    </li>
  );
}

/** The message box: a live character counter, Enter sends and Shift+Enter starts a new line. */
export function Composer({ onSend }: { onSend: (body: string) => void }) {
  const [text, setText] = useState('');
  const counterId = useId();
  const body = text.trim();
  const tooLong = body.length > MESSAGE_MAX_LENGTH;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!body || tooLong) return;
    onSend(body);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form onSubmit={submit} className="sticky bottom-20 flex items-end gap-2 rounded-2xl bg-white p-2 shadow-card ring-1 ring-stone-200">
      <div className="flex-1">
        <label className="sr-only" htmlFor={`${counterId}-input`}>
          Message
        </label>
        <textarea
          id={`${counterId}-input`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          aria-describedby={counterId}
          placeholder="Write a message"
          className="w-full resize-none rounded-xl px-2 py-1.5 text-stone-900 outline-none"
        />
        <p id={counterId} className={`px-2 text-right text-xs ${body.length >= MESSAGE_MAX_LENGTH ? 'text-red-700' : 'text-stone-500'}`}>
          {body.length.toLocaleString('en-US')}/{MESSAGE_MAX_LENGTH.toLocaleString('en-US')}
        </p>
      </div>
      <Button type="submit" disabled={!body || tooLong} aria-label="Send">
        <SendHorizontal className="size-4" aria-hidden="true" />
      </Button>
    </form>
  );
}
