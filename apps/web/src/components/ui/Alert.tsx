import type { ReactNode } from 'react';

/** An inline message announced to screen readers when it appears. */
export function Alert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  const styles = tone === 'error' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-brand-50 text-brand-800 ring-brand-200';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl px-3.5 py-2.5 text-sm ring-1 ring-inset ${styles}`}>
      {children}
    </p>
  );
}
