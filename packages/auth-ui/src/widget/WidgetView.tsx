import type { ComponentType } from 'react';
import { PAGE_COMPONENTS } from '../pages/registry';
import { strings } from '../strings';
import { ProgressBar, Spinner } from '../ui/elements';
import { CheckIcon } from '../ui/icons';
import type { WidgetApp, WidgetState } from './app';
import { useWidgetState, WidgetContext } from './context';
import { PAGE_CHROME } from './page-types';

/** The info bar (checklist conventions): a message and "Dismiss"; a new message replaces the old. */
function InfoBar({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="authui-info-bar" role="alert">
      <p className="authui-info-bar-message">{message}</p>
      <button type="button" className="authui-link authui-info-bar-dismiss" onClick={onDismiss}>
        {strings.dismiss}
      </button>
    </div>
  );
}

/** The modal progress dialog: a spinner or a check mark plus text; the backdrop does not dismiss it. */
function ProgressDialog({ dialog }: { dialog: NonNullable<WidgetState['dialog']> }) {
  return (
    <div className="authui-dialog-backdrop">
      <div className="authui-dialog" role="dialog" aria-modal="true" aria-live="polite" aria-label={dialog.text}>
        {dialog.icon === 'spinner' ? <div className="authui-spinner authui-dialog-spinner" aria-hidden="true" /> : <CheckIcon />}
        <p className="authui-dialog-text">{dialog.text}</p>
      </div>
    </div>
  );
}

function Frame({ app }: { app: WidgetApp }) {
  const { page, infoBar, busy, dialog } = useWidgetState();
  const chrome = page ? PAGE_CHROME[page.id] : null;
  const Page = page ? (PAGE_COMPONENTS[page.id] as ComponentType<typeof page.props>) : null;
  return (
    <div className="authui-container">
      {page && Page && chrome && (
        <div
          key={page.serial}
          className={`authui-page authui-id-page-${page.id}${chrome.card ? ' authui-card' : ''}`}
          data-page-id={page.id}
        >
          {busy && !chrome.spinner && !dialog && <ProgressBar />}
          <Page {...page.props} />
          {infoBar !== null && <InfoBar message={infoBar} onDismiss={app.dismissInfoBar} />}
        </div>
      )}
      {busy && (!chrome || chrome.spinner) && !dialog && <Spinner />}
      {dialog && <ProgressDialog dialog={dialog} />}
    </div>
  );
}

/**
 * Renders a widget run: the current page in its card, the info bar, the busy indicator, dialogs.
 * A progress dialog is itself the busy indicator: the bar or spinner stays hidden behind it.
 */
export function WidgetView({ app }: { app: WidgetApp }) {
  return (
    <WidgetContext.Provider value={app}>
      <Frame app={app} />
    </WidgetContext.Provider>
  );
}
