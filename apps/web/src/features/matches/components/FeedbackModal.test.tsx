// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { daysFromNow, makeMatch, makeProfile, renderWithNavigation } from '../../../testing/matches-utils';
import { mockFetch, type MockRoute } from '../../../testing/test-utils';
import FeedbackModal from './FeedbackModal';

const MATCH = makeMatch({ start: daysFromNow(-1), partner: makeProfile({ name: 'Joana Lima' }) });
const FEEDBACK_PATH = `/api/matches/${MATCH.id}/feedback`;

function renderModal(routes: MockRoute[] = [{ method: 'POST', path: FEEDBACK_PATH, body: MATCH }]) {
  const fetchMock = mockFetch(routes);
  const onClose = vi.fn();
  const rendered = renderWithNavigation(<FeedbackModal match={MATCH} onClose={onClose} />);
  const invalidate = vi.spyOn(rendered.queryClient, 'invalidateQueries');
  return { fetchMock, onClose, invalidate };
}

const sentBody = (fetchMock: ReturnType<typeof mockFetch>) => JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
const attended = (answer: 'Yes' | 'No') =>
  fireEvent.click(
    screen.getByRole('group', { name: 'Did you attend this hike?' }).querySelector(`input[value="${answer.toLowerCase()}"]`)!,
  );

describe('FeedbackModal', { timeout: 15_000 }, () => {
  it('asks first whether I attended and refuses to submit without an answer', () => {
    const { fetchMock, onClose } = renderModal();
    expect(screen.getByRole('dialog', { name: 'How was your hike?' })).toBeDefined();
    expect(document.activeElement).toBe(screen.getAllByRole('radio', { name: 'Yes' })[0]);

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Please tell us whether you attended.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    attended('No');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows rating, would-hike-again and comment only after "yes"', () => {
    renderModal();
    expect(screen.queryByRole('group', { name: 'Rating' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Would you hike with Joana Lima again?' })).toBeNull();
    expect(screen.queryByLabelText(/Comment/)).toBeNull();

    attended('Yes');
    expect(screen.getByRole('group', { name: 'Rating' })).toBeDefined();
    expect((screen.getByRole('radio', { name: '5 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Would you hike with Joana Lima again?' })).toBeDefined();
    expect(screen.getByLabelText(/Comment/)).toBeDefined();

    attended('No');
    expect(screen.queryByRole('group', { name: 'Rating' })).toBeNull();
    expect(screen.queryByLabelText(/Comment/)).toBeNull();
  });

  it('submits rating, would-hike-again and comment when I attended, then closes', async () => {
    const { fetchMock, onClose, invalidate } = renderModal();
    attended('Yes');
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    fireEvent.click(screen.getByRole('group', { name: 'Would you hike with Joana Lima again?' }).querySelector('input[value="yes"]')!);
    fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: '  Great company!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith(FEEDBACK_PATH, expect.objectContaining({ method: 'POST' }));
    expect(sentBody(fetchMock)).toEqual({ attended: true, rating: 3, wouldHikeAgain: true, comment: 'Great company!' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['matches'] });
  });

  it('asks whether the partner showed up, was on time and kept the pace described, only after "yes", and sends the answers', async () => {
    const { fetchMock, onClose } = renderModal();
    const questions = ['Did Joana Lima show up?', 'Was Joana Lima on time?', "Was Joana Lima's pace as described?"];
    for (const name of questions) expect(screen.queryByRole('group', { name })).toBeNull();
    attended('Yes');
    for (const name of questions) expect(screen.getByRole('group', { name })).toBeDefined();
    const answer = (name: string, value: 'yes' | 'no') =>
      fireEvent.click(screen.getByRole('group', { name }).querySelector(`input[value="${value}"]`)!);
    answer(questions[0]!, 'yes');
    answer(questions[1]!, 'no');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The unanswered pace question is left out, not sent as "no".
    expect(sentBody(fetchMock)).toEqual({ attended: true, rating: 5, showedUp: true, onTime: false });
  });

  it('sends the default rating of 5 and leaves out unanswered fields', async () => {
    const { fetchMock, onClose } = renderModal();
    attended('Yes');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({ attended: true, rating: 5 });
  });

  it('sends only "not attended" when I did not go, even after filling the rest in', async () => {
    const { fetchMock, onClose } = renderModal();
    attended('Yes');
    fireEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    attended('No');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({ attended: false });
  });

  it('skips with the skip endpoint and closes', async () => {
    const { fetchMock, onClose, invalidate } = renderModal([{ method: 'POST', path: `${FEEDBACK_PATH}/skip`, body: MATCH }]);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(`${FEEDBACK_PATH}/skip`, expect.objectContaining({ method: 'POST' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['matches'] });
  });

  it('stays open and says why when the server refuses', async () => {
    const { onClose } = renderModal([
      { method: 'POST', path: FEEDBACK_PATH, status: 409, body: { error: { code: 'conflict', message: 'Feedback was already given.' } } },
    ]);
    attended('No');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Feedback was already given.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
