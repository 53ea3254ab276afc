// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { HistoryPage, Message } from '@trailbuddy/shared/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { makeMatch, makeProfile, renderWithNavigation } from '../../../testing/matches-utils';
import { makeRegisteredMe } from '../../../testing/profile-utils';
import ConversationView from './ConversationView';

const ME = makeRegisteredMe();
const PARTNER = makeProfile({ id: 'partner-1', name: 'Joana Lima' });

const message = (seq: number, senderId: string, body = `message ${seq}`): Message => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  matchId: 'match',
  senderId,
  clientId: `client-${seq}`,
  body,
  createdAt: '2026-11-18T09:00:00.000Z',
  seq,
});

/**
 * A small in-memory server for the conversation's routes: the history pages by cursor, a send
 * that can be made to fail, and the read marks, recording every request.
 */
function fakeServer(opts: { match: MatchView; messages: Message[]; partnerReadSeq?: number; pageSize?: number }) {
  const state = {
    messages: [...opts.messages],
    failSends: 0,
    /** Sends answered 503 `busy` (ADR 0082) before the next ones go through. */
    busySends: 0,
    sent: [] as { clientId: string; body: string }[],
    marked: [] as string[],
    /** While set, a send is answered only once it settles. */
    hold: null as Promise<void> | null,
  };
  const pageSize = opts.pageSize ?? 30;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const thread = `/api/matches/${opts.match.id}/messages`;
    if (url.pathname === '/api/me') return json(ME);
    if (url.pathname === '/api/matches/mine') return json({ matches: [opts.match] });
    if (url.pathname === thread && method === 'GET') {
      const before = url.searchParams.get('before');
      const older = state.messages.filter((m) => before === null || m.seq < Number(before));
      const page = older.slice(-pageSize);
      const read = opts.partnerReadSeq ? state.messages.find((m) => m.seq === opts.partnerReadSeq) : undefined;
      const body: HistoryPage = {
        messages: page,
        nextCursor: older.length > pageSize ? String(page[0]!.seq) : null,
        partnerRead: read ? { messageId: read.id, seq: read.seq, at: read.createdAt } : null,
        myRead: null,
        unread: 0,
      };
      return json(body);
    }
    if (url.pathname === thread && method === 'POST') {
      const sent = JSON.parse(String(init?.body)) as { clientId: string; body: string };
      state.sent.push(sent);
      await state.hold;
      if (state.busySends > 0) {
        state.busySends--;
        return json({ error: { code: 'busy', message: 'TrailBuddy is busy right now. Please try again in a moment.' } }, 503);
      }
      if (state.failSends > 0) {
        state.failSends--;
        return json({ error: { code: 'too-many-requests', message: 'You are sending messages too fast. Try again in 5 seconds.' } }, 429);
      }
      const created = { ...message(state.messages.length + 100, ME.user.id, sent.body), clientId: sent.clientId };
      state.messages.push(created);
      return json({ message: created, created: true }, 201);
    }
    if (url.pathname === `${thread}/read`) {
      state.marked.push((JSON.parse(String(init?.body)) as { messageId: string }).messageId);
      return json({ myRead: null, unread: 0 });
    }
    throw new Error(`Unexpected request: ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return state;
}

const confirmed = (overrides: Partial<MatchView> = {}) => makeMatch({ partner: PARTNER, ...overrides });

/** Types `body` into the composer and sends it with Enter. */
function write(box: HTMLElement, body: string) {
  fireEvent.change(box, { target: { value: body } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

describe('ConversationView', { timeout: 15_000 }, () => {
  it('on a hike, offers Report and Block for every other person on it, and Report on a message names its sender', async () => {
    const eva = makeProfile({ id: 'eva-1', name: 'Eva Lopes' });
    const match = confirmed({
      capacity: 3,
      people: [
        { profile: PARTNER, compatibility: 80 },
        { profile: eva, compatibility: 70 },
      ],
    });
    fakeServer({ match, messages: [message(1, PARTNER.id, 'from Joana'), message(2, eva.id, 'from Eva'), message(3, ME.user.id, 'mine')] });
    const header = vi.fn((person: { id: string; name: string }, matchId: string) => (
      <>
        <button type="button">{`Report ${person.name} on ${matchId}`}</button>
        <button type="button">{`Block ${person.name} on ${matchId}`}</button>
      </>
    ));
    const onMessage = (person: { id: string; name: string }, _matchId: string, messageId: string) => (
      <button type="button">{`Report ${person.name}'s message ${messageId}`}</button>
    );
    renderWithNavigation(<ConversationView matchId={match.id} partnerActions={header} messageActions={onMessage} />);

    // The heading names everyone on the hike, not only the first other person.
    const banner = (await screen.findByRole('heading', { name: 'Joana Lima and Eva Lopes' })).closest('header')!;
    // Before, only the first other person (the match's partner) had them.
    for (const name of ['Joana Lima', 'Eva Lopes']) {
      expect(await within(banner).findByRole('button', { name: `Report ${name} on ${match.id}` })).toBeDefined();
      expect(within(banner).getByRole('button', { name: `Block ${name} on ${match.id}` })).toBeDefined();
    }
    // Each message's Report is about the one who wrote it; mine has none.
    const list = await screen.findByRole('list', { name: 'Conversation with Joana Lima and Eva Lopes' });
    await within(list).findByText('from Eva');
    const reports = within(list)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(reports).toEqual([`Report Joana Lima's message ${message(1, '').id}`, `Report Eva Lopes's message ${message(2, '').id}`]);
  });

  it('shows the history oldest first, loads earlier pages, marks the newest read and shows the read receipt', async () => {
    const match = confirmed();
    const history = Array.from({ length: 5 }, (_, i) => message(i + 1, i % 2 === 0 ? ME.user.id : PARTNER.id));
    const server = fakeServer({ match, messages: history, partnerReadSeq: 3, pageSize: 3 });
    renderWithNavigation(<ConversationView matchId={match.id} />, { name: 'conversation', matchId: match.id });

    expect(await screen.findByRole('heading', { name: 'Joana Lima' })).toBeDefined();
    const list = await screen.findByRole('list', { name: 'Conversation with Joana Lima' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    // Message 3 is mine and the partner has read up to it.
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('message 3');
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Seen');
    await waitFor(() => expect(server.marked).toEqual([history[3]!.id]));

    fireEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(history.map((m) => m.body));
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('waits for a hidden tab to be shown again before marking a message read', async () => {
    const match = confirmed();
    const server = fakeServer({ match, messages: [message(1, PARTNER.id)] });
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      renderWithNavigation(<ConversationView matchId={match.id} />);
      await screen.findByText('message 1');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.marked).toEqual([]);
      state.mockReturnValue('visible');
      fireEvent(document, new Event('visibilitychange'));
      await waitFor(() => expect(server.marked).toEqual([message(1, PARTNER.id).id]));
    } finally {
      state.mockRestore();
    }
  });

  it('shows markup and links as the text they are', async () => {
    const match = confirmed();
    fakeServer({ match, messages: [message(1, PARTNER.id, '<b>bold</b> https://example.com/meet')] });
    renderWithNavigation(<ConversationView matchId={match.id} />);
    expect(await screen.findByText('<b>bold</b> https://example.com/meet')).toBeDefined();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('counts characters as I type, and keeps Send off for a blank message', async () => {
    const match = confirmed();
    fakeServer({ match, messages: [] });
    renderWithNavigation(<ConversationView matchId={match.id} />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.getByText('0/1,000')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(box, { target: { value: '  hello  ' } });
    expect(screen.getByText('5/1,000')).toBeDefined();
    expect(box.getAttribute('maxLength')).toBe('1000');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows a message at once, says when it failed, and retries it with the same key', async () => {
    const match = confirmed();
    const server = fakeServer({ match, messages: [] });
    server.failSends = 1;
    renderWithNavigation(<ConversationView matchId={match.id} />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    write(box, 'At the car park at 9?');

    expect(screen.getByText('At the car park at 9?')).toBeDefined();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(await screen.findByText(/Not sent: You are sending messages too fast/)).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/Not sent/)).toBeNull());
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.getAllByText('At the car park at 9?')).toHaveLength(1);
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]).toEqual(server.sent[0]);
    expect(server.messages.filter((m) => m.body === 'At the car park at 9?')).toHaveLength(1);
  });

  it('sends a message again by itself when the server is busy, still "Sending…" meanwhile, with the same key', async () => {
    const match = confirmed();
    const server = fakeServer({ match, messages: [] });
    server.busySends = 1;
    renderWithNavigation(<ConversationView matchId={match.id} />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    write(box, 'Parking is full, meet at the bakery');

    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(screen.getByText('Sending…')).toBeDefined();
    await waitFor(() => expect(server.sent).toHaveLength(2), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.queryByText(/Not sent/)).toBeNull();
    expect(server.sent[1]).toEqual(server.sent[0]);
    expect(server.messages.filter((m) => m.body === 'Parking is full, meet at the bakery')).toHaveLength(1);
  });

  it('settles each of several sends in flight on its own answer, even one that scrolled past the newest page', async () => {
    const match = confirmed();
    const server = fakeServer({ match, messages: [], pageSize: 3 });
    server.failSends = 1;
    renderWithNavigation(<ConversationView matchId={match.id} />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    // Five sent before any answer: the first is refused, the other four go through, and the
    // first of those is older than the newest page of three by the time the thread is read.
    for (const body of ['one', 'two', 'three', 'four', 'five']) write(box, body);
    expect(await screen.findByText(/Not sent: You are sending messages too fast/)).toBeDefined();
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.getAllByText(/Not sent/)).toHaveLength(1);
    expect(server.messages.map((m) => m.body)).toEqual(['two', 'three', 'four', 'five']);
    // "two" went through: it waits behind "Load earlier messages", not as a send that never ended.
    const list = screen.getByRole('list', { name: 'Conversation with Joana Lima' });
    await waitFor(() => expect(within(list).queryByText('two')).toBeNull());
    expect(screen.getByRole('button', { name: 'Load earlier messages' })).toBeDefined();
  });

  it('sends one message at a time, in the order they were written', async () => {
    const match = confirmed();
    const server = fakeServer({ match, messages: [] });
    let release = () => undefined as void;
    server.hold = new Promise((resolve) => (release = resolve));
    renderWithNavigation(<ConversationView matchId={match.id} />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    for (const body of ['first', 'second', 'third']) write(box, body);
    await waitFor(() => expect(server.sent.map((s) => s.body)).toEqual(['first']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.sent).toHaveLength(1);
    release();
    await waitFor(() => expect(server.messages.map((m) => m.body)).toEqual(['first', 'second', 'third']));
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
  });

  it('offers no composer once the conversation is closed', async () => {
    const match = confirmed({ status: 'cancelled' });
    fakeServer({ match, messages: [message(1, PARTNER.id)] });
    renderWithNavigation(<ConversationView matchId={match.id} />);
    expect(await screen.findByText('This conversation is closed.')).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});
