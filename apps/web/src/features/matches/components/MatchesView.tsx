import { Users } from 'lucide-react';
import { Button } from '../../../components/ui/Button';

/** The people the signed-in user has been out on a trail with. */
export default function MatchesView({ onBrowseTrails }: { onBrowseTrails: () => void }) {
  return (
    <section aria-labelledby="matches-heading" className="space-y-6">
      <header>
        <h1 id="matches-heading" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Matches
        </h1>
        <p className="mt-1 text-stone-600">Your trail buddies and how well you match.</p>
      </header>
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-card ring-1 ring-stone-200/70">
        <Users className="size-10 text-brand-600" aria-hidden="true" />
        <p className="max-w-xs text-stone-700">Pick a trail and a day on Home: the buddies you’re paired with are listed here.</p>
        <Button onClick={onBrowseTrails}>Browse trails</Button>
      </div>
    </section>
  );
}
