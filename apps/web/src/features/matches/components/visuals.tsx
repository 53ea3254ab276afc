import { SearchX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { TrailPicture } from '../../../components/TrailPicture';

/** A square trail picture, or the brand gradient when the trail has none (or is gone). */
export function TrailThumb({ image, size }: { image: string | null | undefined; size: number }) {
  return (
    <div className="relative shrink-0 overflow-hidden rounded-xl bg-stone-200" style={{ width: size, height: size }}>
      <TrailPicture image={image} width={size} height={size} loading="lazy" className="absolute inset-0 size-full object-cover" />
    </div>
  );
}

export function EmptyState({ icon: Icon = SearchX, message, action }: { icon?: LucideIcon; message: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-card ring-1 ring-stone-200/70">
      <Icon className="size-10 text-brand-600" aria-hidden="true" />
      <p className="max-w-xs font-medium text-stone-700">{message}</p>
      {action}
    </div>
  );
}

export function CardSkeleton() {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-card ring-1 ring-stone-200/70" aria-hidden="true">
      <div className="flex gap-3">
        <div className="size-[88px] shrink-0 animate-pulse rounded-xl bg-stone-200 motion-reduce:animate-none" />
        <div className="flex-1 space-y-2.5 pt-1">
          <div className="h-5 w-2/3 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
          <div className="h-4 w-3/5 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
        </div>
      </div>
      <div className="mt-4 flex items-center gap-2 border-t border-stone-100 pt-3">
        <div className="size-9 animate-pulse rounded-full bg-stone-200 motion-reduce:animate-none" />
        <div className="h-4 w-28 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
      </div>
    </div>
  );
}
