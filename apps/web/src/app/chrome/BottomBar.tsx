import { MAIN_TABS, type MainNavProps } from './main-tabs';

export type { MainTab } from './main-tabs';

/**
 * The main navigation in two places: the phone's bottom bar, and the header from 1024 px
 * (ADR 0021). Only one is ever displayed, so assistive technology finds one "Main" navigation.
 */
const PLACES = {
  bar: {
    nav: 'fixed inset-x-0 bottom-0 z-40 border-t border-stone-200/80 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden',
    list: 'mx-auto grid max-w-3xl grid-cols-3',
    button: 'flex h-16 w-full flex-col items-center justify-center gap-1 text-xs',
    active: 'text-brand-700',
    idle: 'text-stone-500 hover:text-stone-800',
    icon: (active: boolean) => `rounded-full px-4 py-1 transition-colors [&>svg]:size-5 ${active ? 'bg-brand-100' : ''}`,
  },
  header: {
    nav: 'hidden lg:block',
    list: 'flex items-center gap-1',
    button: 'inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm',
    active: 'bg-brand-100 text-brand-800',
    idle: 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
    icon: () => '[&>svg]:size-4',
  },
} as const;

function MainNav({ current, onSelect, badges = {}, place }: MainNavProps & { place: keyof typeof PLACES }) {
  const style = PLACES[place];
  return (
    <nav aria-label="Main" className={style.nav}>
      <ul className={style.list}>
        {MAIN_TABS.map(({ view, label, icon: Icon }) => {
          const active = view === current;
          const badge = badges[view] ?? 0;
          return (
            <li key={view}>
              <button
                type="button"
                onClick={() => onSelect(view)}
                aria-current={active ? 'page' : undefined}
                className={`${style.button} font-semibold transition-colors ${active ? style.active : style.idle}`}
              >
                <span className={`relative ${style.icon(active)}`}>
                  <Icon aria-hidden="true" />
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

/** The phone's navigation, below 1024 px. */
export const BottomBar = (props: MainNavProps) => <MainNav {...props} place="bar" />;

/** The same navigation in the header of wide screens (from 1024 px). */
export const HeaderNav = (props: MainNavProps) => <MainNav {...props} place="header" />;
