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
}

export function BottomBar({ current, onSelect }: BottomBarProps) {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200/80 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-3">
        {TABS.map(({ view, label, icon: Icon }) => {
          const active = view === current;
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
                <span className={`rounded-full px-4 py-1 transition-colors ${active ? 'bg-brand-100' : ''}`}>
                  <Icon className="size-5" aria-hidden="true" />
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
