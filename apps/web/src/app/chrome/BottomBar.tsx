import { MAIN_TABS, type MainNavProps } from './main-tabs';

export type { MainTab } from './main-tabs';

/** The phone's navigation; from 1024 px the header carries it instead (HeaderNav). */
export function BottomBar({ current, onSelect }: MainNavProps) {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200/80 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-3">
        {MAIN_TABS.map(({ view, label, icon: Icon }) => {
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

/** The same navigation in the header of wide screens (from 1024 px); hidden on phones and tablets. */
export function HeaderNav({ current, onSelect }: MainNavProps) {
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {MAIN_TABS.map(({ view, label, icon: Icon }) => {
          const active = view === current;
          return (
            <li key={view}>
              <button
                type="button"
                onClick={() => onSelect(view)}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors ${
                  active ? 'bg-brand-100 text-brand-800' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'
                }`}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
