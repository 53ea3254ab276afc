import { useEffect, useEffectEvent, useState, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Modal behaviour for this feature's own overlays (the registration form cannot be dismissed and
 * the cropper is full-screen, so neither fits the shared Dialog): focus moves inside on open,
 * Tab stays inside, focus returns on close and the page behind does not scroll. Keys pressed
 * inside another modal opened on top (the cropper over the registration form) are left to it.
 */
export function useModalFocus(panelRef: RefObject<HTMLElement | null>, onEscape?: () => void) {
  const escape = useEffectEvent(() => onEscape?.());
  const [returnFocusTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) {
      (panel.querySelector<HTMLElement>('[data-autofocus]:not([disabled])') ?? panel).focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    function onKeyDown(event: KeyboardEvent) {
      if (!panel) return;
      const active = document.activeElement;
      const otherModal = active instanceof Element ? active.closest('[aria-modal="true"]') : null;
      if (otherModal && otherModal !== panel && !panel.contains(otherModal)) return;

      if (event.key === 'Escape') {
        event.stopPropagation();
        escape();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [panelRef, returnFocusTo]);
}
