import { randomBytes } from 'node:crypto';
import type { IdentityUser } from '@trailbuddy/shared/contracts/identity';
import { FEDERATED_MESSAGE_TYPE } from '@trailbuddy/shared/contracts/identity-federated';
import { jsonScript } from '../../html.js';
import type { FederatedOutcome, FlowKind } from './flow.js';

/** An outcome to deliver, with the account a success signed in to (the popup posts it). */
type Delivery = { returnTo: string; outcome: FederatedOutcome; user: IdentityUser | null };

/**
 * The popup flow's last page (ADR 0042): the outcome posted to `window.opener` with our origin as
 * the target (no other origin receives it), or without an opener on to `returnTo` as a redirect.
 */
export function federatedResultPage(opts: Delivery & { appOrigin: string; nonce: string }): string {
  const { outcome } = opts;
  const { status: _status, ...error } = outcome.ok ? { status: 0 } : outcome.error;
  const message = outcome.ok
    ? { type: FEDERATED_MESSAGE_TYPE, ok: true, providerId: outcome.providerId, user: opts.user, isNewUser: outcome.isNewUser }
    : { type: FEDERATED_MESSAGE_TYPE, ok: false, providerId: outcome.providerId, error };
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Signing in…</title></head>
<body>
<p>Finishing sign-in… You can close this window.</p>
${jsonScript('federated-result', JSON.stringify({ origin: opts.appOrigin, returnTo: opts.returnTo, message }))}
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
export function federatedDelivery(opts: Delivery & { flow: FlowKind | 'unknown'; appUrl: string }) {
  if (opts.flow === 'redirect') {
    return new Response(null, {
      status: 302,
      headers: { location: new URL(opts.returnTo, opts.appUrl).href, 'cache-control': 'no-store' },
    });
  }
  const nonce = randomBytes(16).toString('base64');
  const page = federatedResultPage({ ...opts, appOrigin: new URL(opts.appUrl).origin, nonce });
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
