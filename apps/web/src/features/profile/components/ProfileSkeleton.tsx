/** Same boxes as the profile (its header and PublicProfileDetails), so nothing moves when it arrives. */
export function ProfileSkeleton() {
  const bar = 'animate-pulse rounded bg-stone-200 motion-reduce:animate-none';
  return (
    <div className="space-y-4" aria-hidden="true">
      <div className="flex flex-col items-center gap-3 rounded-3xl bg-white p-6 shadow-card ring-1 ring-stone-200/70">
        <div className="size-24 animate-pulse rounded-full bg-stone-200 motion-reduce:animate-none" />
        <div className={`h-6 w-40 ${bar}`} />
        <div className={`h-4 w-28 ${bar}`} />
      </div>
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-2xl bg-white p-5 shadow-card ring-1 ring-stone-200/70">
          <div className={`h-4 w-24 ${bar}`} />
          <div className={`h-4 w-full ${bar}`} />
          <div className={`h-4 w-3/4 ${bar}`} />
        </div>
      ))}
    </div>
  );
}
