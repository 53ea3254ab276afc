import { randomBytes } from 'node:crypto';
import { FEDERATED_MESSAGE_TYPE } from '@trailbuddy/shared/contracts/identity-federated';
import { jsonForScript } from '../../html.js';
import type { FederatedOutcome, FlowKind } from './flow.js';

/**
 * The popup flow's last page (ADR 0042): the outcome posted to `window.opener` with our origin as
 * the target (no other origin receives it), or without an opener on to `returnTo` as a redirect.
 */
export function federatedResultPage(opts: { appOrigin: string; returnTo: string; outcome: FederatedOutcome; nonce: string }): string {
  const { status: _status, ...error } = opts.outcome.ok ? { status: 0 } : opts.outcome.error;
  const message = opts.outcome.ok
    ? { type: FEDERATED_MESSAGE_TYPE, ...opts.outcome }
    : { type: FEDERATED_MESSAGE_TYPE, ok: false, providerId: opts.outcome.providerId, error };
  const data = jsonForScript(JSON.stringify({ origin: opts.appOrigin, returnTo: opts.returnTo, message }));
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Signing in…</title></head>
<body>
<p>Finishing sign-in… You can close this window.</p>
<script type="application/json" id="federated-result">${data}</script>
<script nonce="${opts.nonce}">
(function () {
  var data = JSON.parse(document.getElementById('federated-result').textContent);
  var opener = null;
  try { opener = window.opener && !window.opener.closed ? window.opener : null; } catch (e) { opener = null; }
  if (opener) {
    opener.postMessage(data.message, data.origin);
    window.close();
  } else {
    window.location.replace(data.returnTo);
  }
})();
</script>
</body>
</html>
`;
}

/**
 * How an outcome reaches the widget: the redirect flow goes back to `returnTo` (the outcome waits at
 * GET /federated/result); a popup, or a callback whose flow is unknown (bad state), gets the page above.
 */
export function federatedDelivery(opts: { flow: FlowKind | 'unknown'; returnTo: string; appUrl: string; outcome: FederatedOutcome }) {
  if (opts.flow === 'redirect') {
    return new Response(null, {
      status: 302,
      headers: { location: new URL(opts.returnTo, opts.appUrl).href, 'cache-control': 'no-store' },
    });
  }
  const nonce = randomBytes(16).toString('base64');
  const page = federatedResultPage({ appOrigin: new URL(opts.appUrl).origin, returnTo: opts.returnTo, outcome: opts.outcome, nonce });
  return new Response(page, {
    status: opts.outcome.ok ? 200 : opts.outcome.error.status,
    headers: {
      'cache-control': 'no-store',
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      // The opener (the widget's page) must keep its handle on this window across the IdP's origin.
      'cross-origin-opener-policy': 'unsafe-none',
    },
  });
}
