import { CalendarDays } from 'lucide-react';
import { Button } from '../../../components/ui/Button';

/** The signed-in user's sessions by day. */
export default function AgendaView({ onBrowseTrails }: { onBrowseTrails: () => void }) {
  return (
    <section aria-labelledby="agenda-heading" className="space-y-6">
      <header>
        <h1 id="agenda-heading" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Agenda
        </h1>
        <p className="mt-1 text-stone-600">Your trail sessions, day by day.</p>
      </header>
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-card ring-1 ring-stone-200/70">
        <CalendarDays className="size-10 text-brand-600" aria-hidden="true" />
        <p className="max-w-xs text-stone-700">Choose a trail on Home and find a buddy: each session you join shows up here.</p>
        <Button onClick={onBrowseTrails}>Browse trails</Button>
      </div>
    </section>
  );
}
