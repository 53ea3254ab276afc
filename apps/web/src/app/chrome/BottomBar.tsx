import { CalendarDays, House, Users, type LucideIcon } from 'lucide-react';

export type MainTab = 'agenda' | 'home' | 'matches';

const TABS: readonly { view: MainTab; label: string; icon: LucideIcon }[] = [
  { view: 'agenda', label: 'Agenda', icon: CalendarDays },
  { view: 'home', label: 'Home', icon: House },
  { view: 'matches', label: 'Matches', icon: Users },
];

export interface BottomBarProps {
  /** null on views that belong to no tab (profiles). */
  current: MainTab | null;
  onSelect: (view: MainTab) => void;
  /** A count shown on a tab (the Matches tab's unread messages); 0 shows none. */
  badges?: Partial<Record<MainTab, number>>;
}

export function BottomBar({ current, onSelect, badges = {} }: BottomBarProps) {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200/80 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-3">
        {TABS.map(({ view, label, icon: Icon }) => {
          const active = view === current;
          const badge = badges[view] ?? 0;
          return (
            <li key={view}>
              <button
                type="button"
                onClick={() => onSelect(view)}
                aria-current={active ? 'page' : undefined}
                className={`flex h-16 w-full flex-col items-center justify-center gap-1 text-xs font-semibold transition-colors ${
                  active ? 'text-brand-700' : 'text-stone-500 hover:text-stone-800'
                }`}
              >
                <span className={`relative rounded-full px-4 py-1 transition-colors ${active ? 'bg-brand-100' : ''}`}>
                  <Icon className="size-5" aria-hidden="true" />
                  {badge > 0 && (
                    <span className="absolute -top-1 right-1 min-w-5 rounded-full bg-red-600 px-1 text-[11px] leading-5 text-white">
                      {badge > 99 ? '99+' : badge}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </span>
                {label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
