// No React here: this module is part of the page's entry (boot.ts), which loads before the app.

/**
 * Taps on a server-rendered page before React has taken it over (ADR 0023): the buttons are on
 * screen before the app's code has loaded, and a tap on one would otherwise do nothing. They are
 * held (their default action too) and clicked again once the current view is hydrated, which is
 * when React can answer them. Links keep their own behaviour.
 */
const held: EventTarget[] = [];

function hold(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element) || !target.closest('#root') || target.closest('a[href]')) return;
  event.preventDefault();
  held.push(target);
}

export function holdEarlyClicks(): void {
  addEventListener('click', hold, true);
}

/**
 * Stops holding, and clicks again, for the app, what was clicked meanwhile. Called once the
 * current view has committed (hydrated, its lazily loaded code included): React answers then.
 */
export function releaseEarlyClicks(): void {
  removeEventListener('click', hold, true);
  for (const target of held.splice(0)) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
}
