import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** Shown beside the label, e.g. how many items the tab holds. */
  count?: number;
  panel: ReactNode;
}

export interface TabsProps<K extends string> {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop for the whole tablist, the
 * arrow keys (wrapping), Home and End move between tabs and show their panel at once.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect }: TabsProps<K>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = (key: K) => `${baseId}-panel-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const next = target === null ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    onSelect(next.key);
    tabRefs.current.get(next.key)?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="grid auto-cols-fr grid-flow-col gap-1 rounded-2xl bg-stone-200/70 p-1 sm:rounded-full"
      >
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={active}
              aria-controls={panelId(tab.key)}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              // Phones put the count under the label, so three labels and their counts fit a 390 px
              // screen without crowding; wider screens put them side by side.
              className={`inline-flex min-h-12 min-w-0 flex-col items-center justify-center gap-0.5 rounded-xl px-2 py-1 text-sm font-semibold whitespace-nowrap transition-colors sm:min-h-10 sm:flex-row sm:gap-1.5 sm:rounded-full sm:px-3 ${
                active ? 'bg-white text-brand-800 shadow-sm' : 'text-stone-600 hover:text-stone-900'
              }`}
            >
              {tab.label}
              {tab.count !== undefined && (
                <span
                  className={`min-w-5 rounded-full px-1.5 text-xs leading-5 tabular-nums ${
                    active ? 'bg-brand-100 text-brand-800' : 'bg-stone-300/70 text-stone-700'
                  }`}
                >
                  {tab.count}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(tab.key)}
          aria-labelledby={tabId(tab.key)}
          hidden={tab.key !== selected}
          tabIndex={0}
          className="mt-4 rounded-2xl focus-visible:outline-offset-4"
        >
          {tab.key === selected && tab.panel}
        </div>
      ))}
    </div>
  );
}
