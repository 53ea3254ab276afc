import { X } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { historyState } from '../../lib/location';

/**
 * The app's one modal (ADR 0021), on the native `<dialog>` opened with `showModal()`: the
 * browser puts it in the top layer, makes the rest of the page inert (so focus stays inside and
 * screen readers see only the dialog) and turns Escape into a `cancel` event. What is left to us:
 * where focus starts and returns, the backdrop click, and the dialog's history entry.
 */

let nextKey = 0;

/**
 * The Back a closed dialog issued to drop its entry, until it arrives as a popstate. A dialog
 * opening meanwhile (the onboarding right after Complete Your Profile) waits for it: pushed
 * before it, its own entry would be the one that Back leaves, and the popstate would close it.
 */
let droppingEntry: Promise<void> | undefined;

function dropEntry() {
  droppingEntry = new Promise((resolve) =>
    addEventListener(
      'popstate',
      () => {
        droppingEntry = undefined;
        resolve();
      },
      { once: true },
    ),
  );
  history.back();
}

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

export interface DialogFrameProps {
  /** The id of the element that names the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  /**
   * Escape, a click on the backdrop and Back ask the dialog to close through this. Without it
   * the dialog cannot be dismissed (Complete Your Profile): Escape does nothing and Back keeps it.
   */
  onDismiss?: () => void;
  /**
   * The dialog's history entry (ADR 0019): opening pushes an entry for the same URL flagged
   * `history.state.modal`, so the phone's Back closes the dialog before it leaves the view.
   */
  historyEntry?: string;
  /**
   * Where focus starts: an element marked `data-autofocus`, else (`'field'`) the first form
   * field, else the dialog itself, which makes a screen reader read its title first.
   */
  initialFocus?: 'field' | 'dialog';
  /** `sheet`: a bottom sheet on phones, centred from 640 px; `center`; `fullscreen` (the cropper). */
  placement?: 'sheet' | 'center' | 'fullscreen';
  /** Classes of the panel, the visible box inside the viewport-wide `<dialog>`. */
  panelClassName: string;
  children: ReactNode;
}

const PLACEMENTS = {
  sheet: 'items-end sm:items-center sm:p-4',
  center: 'items-center p-4',
  fullscreen: '',
} as const;

/** jsdom has no `showModal`: there the dialog is only marked open, so tests can still read it. */
function open(dialog: HTMLDialogElement) {
  if (dialog.hasAttribute('open')) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function shut(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/** The native modal with our focus, backdrop and history rules; `Dialog` is its usual layout. */
export function DialogFrame({
  labelledBy,
  describedBy,
  onDismiss,
  historyEntry,
  initialFocus = 'field',
  placement = 'sheet',
  panelClassName,
  children,
}: DialogFrameProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Effect events: a parent re-rendering with new callbacks must not re-open the dialog or
  // move focus while someone is typing.
  const dismiss = useEffectEvent(() => onDismiss?.());
  const dismissible = onDismiss !== undefined;
  const isDismissible = useEffectEvent(() => dismissible);
  // Read during the first render, before the dialog takes focus.
  const [returnFocusTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const mounted = useRef(false);
  // Tells this dialog's history entry from another's, even one of the same name opened just after.
  const [key] = useState(() => `${historyEntry}:${(nextKey += 1)}`);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    open(dialog);
    const start =
      dialog.querySelector<HTMLElement>('[data-autofocus]:not([disabled])') ??
      (initialFocus === 'field' ? dialog.querySelector<HTMLElement>(FIELD) : null);
    (start ?? dialog).focus();

    function onCancel(event: Event) {
      if (event.target !== dialog) return;
      event.preventDefault();
      dismiss();
    }
    // The browser may close it anyway (a second Escape after a refused one). React decides
    // whether the dialog is open, so it opens again and, if it may close, asks its owner.
    function onClose(event: Event) {
      if (event.target !== dialog || !dialog) return;
      if (isDismissible()) dismiss();
      open(dialog);
    }
    // A click on the backdrop lands on the <dialog> itself (the panel covers the rest). Pressing
    // inside the panel and releasing outside (selecting text) is not a backdrop click.
    let pressedOnBackdrop = false;
    function onPointerDown(event: PointerEvent) {
      pressedOnBackdrop = event.target === dialog;
    }
    function onClick(event: MouseEvent) {
      if (event.target === dialog && pressedOnBackdrop) dismiss();
      pressedOnBackdrop = false;
    }
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('pointerdown', onPointerDown);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('pointerdown', onPointerDown);
      dialog.removeEventListener('click', onClick);
      shut(dialog);
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
    // initialFocus is read once, on open.
  }, [returnFocusTo]);

  useEffect(() => {
    mounted.current = true;
    if (!historyEntry) return () => void (mounted.current = false);
    const ours = () => historyState()?.modalKey === key;
    const push = () => history.pushState({ ...historyState(), modal: historyEntry, modalKey: key }, '', location.href);
    function onPopState() {
      if (ours()) return;
      // Back left this dialog's entry: close it, or keep it (and its entry) if it cannot close.
      if (isDismissible()) dismiss();
      else push();
    }
    let unmounted = false;
    const start = () => {
      if (unmounted) return;
      // StrictMode runs this twice on mount: the second run finds its entry in place.
      if (!ours()) push();
      addEventListener('popstate', onPopState);
    };
    if (droppingEntry) void droppingEntry.then(start);
    else start();
    return () => {
      unmounted = true;
      mounted.current = false;
      removeEventListener('popstate', onPopState);
      // Closed from inside (its button, Escape, done): drop its entry, so Back does not land on
      // it. Checked a moment later: StrictMode re-mounts at once and finds its entry in place,
      // and a navigation away has already replaced the entry.
      setTimeout(() => {
        if (!mounted.current && ours()) dropEntry();
      });
    };
  }, [historyEntry, key]);

  return createPortal(
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      tabIndex={-1}
      className={`m-0 size-full max-h-none max-w-none justify-center overflow-hidden bg-transparent p-0 outline-none backdrop:bg-stone-900/50 backdrop:backdrop-blur-[2px] open:flex ${PLACEMENTS[placement]}`}
    >
      <div className={panelClassName}>{children}</div>
    </dialog>,
    document.body,
  );
}

export interface DialogProps {
  title: string;
  /** Shown under the title and used as the dialog's accessible description. */
  description?: string;
  onClose: () => void;
  /** See `DialogFrameProps.historyEntry`: Back closes the dialog first. */
  historyEntry?: string;
  children: ReactNode;
}

/**
 * A modal dialog with a title, an optional description and a close button: the close button,
 * Escape, the backdrop and (with `historyEntry`) Back call `onClose`; focus starts on the first
 * field and returns to whatever had it before.
 */
export function Dialog({ title, description, onClose, historyEntry, children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <DialogFrame
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      onDismiss={onClose}
      historyEntry={historyEntry}
      panelClassName="relative max-h-[90dvh] w-full max-w-md overflow-y-auto rounded-t-3xl bg-white p-6 shadow-xl sm:rounded-3xl"
    >
      <div className="mb-5 flex items-start justify-between gap-4">
        <div>
          <h2 id={titleId} className="text-xl font-semibold tracking-tight text-stone-900">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm text-stone-600">
              {description}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={() => onClose()}
          aria-label="Close"
          className="-m-2 rounded-full p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      {children}
    </DialogFrame>
  );
}
