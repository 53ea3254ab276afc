import { CalendarDaysIcon, HouseIcon, UsersIcon, type FirstRenderIcon } from '../../components/ui/first-render-icons';

/** The main navigation's entries: the phone's bottom bar, the header from 1024 px (ADR 0021). */
export type MainTab = 'agenda' | 'home' | 'matches';

export const MAIN_TABS: readonly { view: MainTab; label: string; icon: FirstRenderIcon }[] = [
  { view: 'agenda', label: 'Agenda', icon: CalendarDaysIcon },
  { view: 'home', label: 'Home', icon: HouseIcon },
  { view: 'matches', label: 'Matches', icon: UsersIcon },
];

export interface MainNavProps {
  /** null on views that belong to no tab (profiles). */
  current: MainTab | null;
  onSelect: (view: MainTab) => void;
  /** A count shown on a tab (the Matches tab's unread messages); 0 shows none. */
  badges?: Partial<Record<MainTab, number>>;
}
