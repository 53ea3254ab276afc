import { useEffect, useRef, type KeyboardEvent } from 'react';
import { flagEmoji, type Country } from '../countries';
import { strings } from '../strings';

/** U+200E: keeps "+cc" left-to-right inside right-to-left text (checklist §5.6). */
export const LTR_MARK = '\u200e';

/** "‎+44" as the selector and the picker rows show a calling code. */
export const callingCodeLabel = (country: Country) => `${LTR_MARK}+${country.e164_cc}`;

/** The selector button: the flag and "‎+cc"; opens the picker. */
export function CountryButton({ country, onOpen }: { country: Country; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="authui-country-selector"
      aria-haspopup="dialog"
      aria-label={`${strings.selectCountry}: ${country.name} +${country.e164_cc}`}
      data-country={country.e164_key}
      onClick={onOpen}
    >
      <span className="authui-flag" aria-hidden="true">
        {flagEmoji(country.iso2_cc)}
      </span>
      <span className="authui-country-code">{callingCodeLabel(country)}</span>
    </button>
  );
}

/**
 * The country list dialog (checklist §5.6): one row per country ("{flag} {Name} ‎+{cc}"), the
 * current one focused and scrolled into view. A click on the backdrop or Escape dismisses it
 * (unlike the progress dialog).
 */
export function CountryPicker({
  countries,
  selected,
  onSelect,
  onClose,
}: {
  countries: readonly Country[];
  selected: Country;
  onSelect: (country: Country) => void;
  onClose: () => void;
}) {
  const selectedRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const row = selectedRef.current;
    if (!row) return;
    row.focus();
    row.scrollIntoView?.({ block: 'center' });
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <div className="authui-dialog-backdrop authui-country-picker-backdrop" onClick={onClose}>
      <div
        className="authui-dialog authui-country-picker"
        role="dialog"
        aria-modal="true"
        aria-label={strings.selectCountry}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <ul className="authui-country-list" aria-label={strings.countryListLabel}>
          {countries.map((country) => {
            const current = country.e164_key === selected.e164_key;
            return (
              <li key={country.e164_key}>
                <button
                  type="button"
                  ref={current ? selectedRef : undefined}
                  className={`authui-country-row${current ? ' authui-country-row-selected' : ''}`}
                  aria-current={current ? 'true' : undefined}
                  data-country={country.e164_key}
                  onClick={() => onSelect(country)}
                >
                  <span className="authui-flag" aria-hidden="true">
                    {flagEmoji(country.iso2_cc)}
                  </span>
                  <span className="authui-country-name">{country.name}</span>{' '}
                  <span className="authui-country-code">{callingCodeLabel(country)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
