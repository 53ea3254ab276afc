import type { MouseEvent, ReactNode } from 'react';
import { buttonClasses } from '../../components/ui/Button';
import { followLink } from '../../lib/location';

/** A page that says one thing and offers the way home: not-found, an account deleted. */
export function StatusPage({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-card ring-1 ring-stone-200/70"
    >
      {icon}
      <h1 id={id} className="text-2xl font-bold tracking-tight text-stone-900">
        {title}
      </h1>
      <p className="text-stone-600">{children}</p>
      <a href="/" onClick={(event: MouseEvent<HTMLAnchorElement>) => followLink(event, '/')} className={buttonClasses('primary')}>
        Go to Home
      </a>
    </section>
  );
}
