import { useEffect, useRef } from 'react';
import { Button } from './Button';

export interface ShowMoreProps {
  /** What the button says, e.g. "Show more trails". */
  label: string;
  /** What it says while the next page loads. */
  loadingLabel: string;
  loading: boolean;
  onShowMore: () => void;
  /**
   * Load by itself when the control comes near the viewport (IntersectionObserver). The button
   * stays, for keyboards, screen readers and browsers without the observer.
   */
  auto?: boolean;
  /** How many items are shown: when it changes, a control still in view loads again. */
  shown: number;
  /** The id of the list the control extends. */
  controls?: string;
}

/** The "more" control of a paged list (ADR 0022): a real button, and optionally load on scroll. */
export function ShowMore({ label, loadingLabel, loading, onShowMore, auto = false, shown, controls }: ShowMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ loading, onShowMore });
  latest.current = { loading, onShowMore };

  useEffect(() => {
    const element = sentinel.current;
    if (!auto || !element || typeof IntersectionObserver === 'undefined') return;
    // Observing again after each page: a control still in view (a short page, a tall screen)
    // is reported at once and loads the next one.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.loading) latest.current.onShowMore();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [auto, shown]);

  return (
    <div ref={sentinel} className="flex justify-center pt-2">
      <Button
        variant="secondary"
        aria-controls={controls}
        aria-busy={loading}
        onClick={() => {
          if (!loading) onShowMore();
        }}
      >
        {loading ? loadingLabel : label}
      </Button>
    </div>
  );
}
