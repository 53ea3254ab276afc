import { Button } from '../../../components/ui/Button';
import { useBlockedPeople, useUnblock } from '../api/safety';

/** The personal profile's list of people I blocked, each with Unblock. */
export default function BlockedPeopleSection() {
  const blocked = useBlockedPeople();
  const unblock = useUnblock();
  return (
    <section aria-labelledby="blocked-people" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="blocked-people" className="text-base font-semibold text-stone-900">
        Blocked people
      </h2>
      {blocked.data?.length ? (
        <ul className="mt-3 divide-y divide-stone-100">
          {blocked.data.map((p) => (
            <li key={p.userId} className="flex items-center justify-between gap-3 py-2">
              <span className="flex min-w-0 items-center gap-2">
                {p.image && <img src={p.image} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />}
                <span className="truncate text-sm font-medium text-stone-900">{p.name}</span>
              </span>
              <Button variant="secondary" onClick={() => unblock.mutate(p.userId)} disabled={unblock.isPending}>
                Unblock <span className="sr-only">{p.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-stone-600">{blocked.isPending ? 'Loading…' : 'You have not blocked anyone.'}</p>
      )}
    </section>
  );
}
