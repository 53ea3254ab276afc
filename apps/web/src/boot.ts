// The page's entry. A page the server rendered (ADR 0023) is already on screen: the app, which
// only takes it over, loads once the page has loaded, so that its scripts do not compete with
// the page's pictures for the first paint, at the latest after MAX_WAIT_MS. Any other page needs
// the app to show anything: it loads at once.
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';
import { holdEarlyClicks } from './lib/early-clicks';
import './styles.css';

/** On a slow network the load event waits for every picture; the app need not wait that long. */
const MAX_WAIT_MS = 3000;

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};

if (!document.getElementById(PAGE_DATA_BLOCK_IDS.render) || document.readyState === 'complete') start();
else {
  holdEarlyClicks();
  // After the frame that follows the load event: a page that loads faster than it paints (a
  // local or cached one) still paints its pictures before the app's scripts are asked for.
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(start)), { once: true });
  setTimeout(start, MAX_WAIT_MS);
}
