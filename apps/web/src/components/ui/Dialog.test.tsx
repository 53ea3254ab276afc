// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogFrame } from './Dialog';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * jsdom has no showModal (the browser journeys in e2e/addresses.e2e.ts prove the top layer,
 * the inert page and Escape in Chromium); here we prove what is ours.
 */
const cancel = (dialog: HTMLElement) => {
  const event = new Event('cancel', { cancelable: true });
  fireEvent(dialog, event);
  return event;
};

/** Back, as the browser does it: history.back() and, a moment later, popstate. */
async function pressBack() {
  const popped = new Promise((resolve) => addEventListener('popstate', resolve, { once: true }));
  history.back();
  await act(async () => {
    await popped;
  });
}

function Opener({ historyEntry }: { historyEntry?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Propose a Date" description="Plan your own outing." onClose={() => setOpen(false)} historyEntry={historyEntry}>
          <p>Pick a day.</p>
          <input aria-label="Date" />
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a native <dialog> opened with showModal, labelled and described by its title and description', () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', { value: showModal, configurable: true });
    try {
      render(
        <Dialog title="Delete this event?" description="This can’t be undone." onClose={() => {}}>
          <p>Body</p>
        </Dialog>,
      );
      const dialog = screen.getByRole('dialog', { name: 'Delete this event?' });
      expect(dialog.tagName).toBe('DIALOG');
      expect(showModal).toHaveBeenCalledTimes(1);
      expect(showModal.mock.contexts[0]).toBe(dialog);
      expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('This can’t be undone.').id);
    } finally {
      delete (HTMLDialogElement.prototype as { showModal?: unknown }).showModal;
    }
  });

  it('puts focus on the first field, and returns it to the opener when it closes', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByLabelText('Date'));

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('focuses an element marked data-autofocus first, else the dialog itself when asked', () => {
    const { unmount } = render(
      <Dialog title="Delete?" onClose={() => {}}>
        <input aria-label="Reason" />
        <button type="button" data-autofocus>
          Cancel
        </button>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    unmount();

    render(
      <DialogFrame labelledBy="t" initialFocus="dialog" panelClassName="">
        <h2 id="t">Complete Your Profile</h2>
        <input aria-label="Name" />
      </DialogFrame>,
    );
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Complete Your Profile' }));
  });

  it('turns Escape (the cancel event) into onClose and keeps the browser from closing it on its own', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Help" onClose={onClose}>
        <p>Steps</p>
      </Dialog>,
    );
    const event = cancel(screen.getByRole('dialog'));
    expect(event.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a click on the backdrop, not on a click inside, nor on a press inside released outside', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Help" onClose={onClose}>
        <p>Steps</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog');
    const inside = screen.getByText('Steps');

    fireEvent.pointerDown(inside);
    fireEvent.click(inside);
    fireEvent.pointerDown(inside);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('without onDismiss cannot be dismissed: Escape is refused and a browser close re-opens it', () => {
    render(
      <DialogFrame labelledBy="t" panelClassName="">
        <h2 id="t">Complete Your Profile</h2>
      </DialogFrame>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Complete Your Profile' });
    expect(cancel(dialog).defaultPrevented).toBe(true);
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);

    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    expect(dialog.hasAttribute('open')).toBe(true);
  });

  it('has a history entry: Back closes it first, and closing it from inside drops the entry', async () => {
    render(<Opener historyEntry="custom-date" />);
    const before = history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(history.length).toBe(before + 1); // the first test to push: nothing ahead to drop
    expect(history.state).toMatchObject({ modal: 'custom-date' });

    await pressBack();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(history.state?.modal).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(history.state).toMatchObject({ modal: 'custom-date' });
    const popped = new Promise((resolve) => addEventListener('popstate', resolve, { once: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await popped;
    expect(history.state?.modal).toBeUndefined();
  });

  it('pushes one entry under StrictMode, which mounts it twice', async () => {
    render(
      <StrictMode>
        <Opener historyEntry="profile" />
      </StrictMode>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    // The unmount half of StrictMode's double run must not drop the entry either (jsdom's Back
    // takes a few tasks: wait well past it).
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(history.state).toMatchObject({ modal: 'profile' });
    expect(screen.getByRole('dialog')).toBeDefined();
    // One Back closes it and leaves the modal's entry: there was exactly one.
    await pressBack();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(history.state?.modal).toBeUndefined();
  });

  it('opened while a closed one drops its entry, waits for that Back and stays open (the onboarding after Complete Your Profile)', async () => {
    function OneThenAnother() {
      const [step, setStep] = useState<'first' | 'between' | 'second'>('first');
      useEffect(() => {
        // The next dialog comes a moment later, as the onboarding does after the profile's answer.
        if (step === 'between') setTimeout(() => flushSync(() => setStep('second')));
      }, [step]);
      if (step === 'first')
        return (
          <Dialog title="Complete Your Profile" onClose={() => setStep('between')} historyEntry="registration">
            <p>First.</p>
          </Dialog>
        );
      if (step === 'second')
        return (
          <Dialog title="How TrailBuddy works" onClose={() => undefined} historyEntry="onboarding">
            <p>Second.</p>
          </Dialog>
        );
      return null;
    }
    render(<OneThenAnother />);
    expect(history.state).toMatchObject({ modal: 'registration' });
    const dropped = new Promise((resolve) => addEventListener('popstate', resolve, { once: true }));
    act(() => void cancel(screen.getByRole('dialog', { name: 'Complete Your Profile' })));
    await act(async () => {
      await dropped;
    });
    await waitFor(() => expect(history.state).toMatchObject({ modal: 'onboarding' }));
    expect(screen.getByRole('dialog', { name: 'How TrailBuddy works' })).toBeDefined();
  });

  it('that cannot be dismissed stays open on Back, with its entry back in place', async () => {
    render(
      <DialogFrame labelledBy="t" historyEntry="registration" panelClassName="">
        <h2 id="t">Complete Your Profile</h2>
      </DialogFrame>,
    );
    expect(history.state).toMatchObject({ modal: 'registration' });
    await pressBack();
    await waitFor(() => expect(history.state).toMatchObject({ modal: 'registration' }));
    expect(screen.getByRole('dialog', { name: 'Complete Your Profile' })).toBeDefined();
  });
});
