import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which push endpoints the server will connect to (ADR 0052). A member hands us the endpoint URL,
 * so it is hostile until checked: the host must be one of the browser vendors' push services,
 * and the address it resolves to must be a public one, checked on the address the socket then
 * connects to, so a name that resolves to a private address (or is re-pointed there between the
 * check and the connection) never gets a connection.
 */
export interface PushEndpointPolicy {
  /** Host names; `*.` admits any subdomain; `:port` admits that port, otherwise only 443. */
  hosts: readonly string[];
  /**
   * Tests only (env.ts refuses it unless NODE_ENV=test): a loopback address is admitted, for the
   * local stand-in of a push service. Private, link-local and the rest stay refused regardless.
   */
  allowLoopback: boolean;
}

/** The policy as the environment sets it. */
export const pushEndpointPolicy = (env: { PUSH_SERVICE_HOSTS: readonly string[]; PUSH_ALLOW_LOOPBACK: boolean }): PushEndpointPolicy => ({
  hosts: env.PUSH_SERVICE_HOSTS,
  allowLoopback: env.PUSH_ALLOW_LOOPBACK,
});

/** Why an endpoint is refused, in the words a 400 names the field with. */
export const PUSH_ENDPOINT_REFUSED = 'Endpoint must be the https address of a browser push service.';

/** The error a refused address fails a connection with: permanent, the subscription is removed. */
export class PushAddressRefusedError extends Error {
  override readonly name = 'PushAddressRefusedError';
  readonly code = 'EPUSHADDRESSREFUSED';
}

const DEFAULT_HTTPS_PORT = '443';

function hostAllowed(url: URL, hosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port || DEFAULT_HTTPS_PORT;
  return hosts.some((entry) => {
    const [, name = '', entryPort = DEFAULT_HTTPS_PORT] = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry) ?? [];
    if (entryPort !== port) return false;
    // `*.notify.windows.com` admits `wns2-par02p.notify.windows.com`, never `notify.windows.com.evil.example`.
    return name.startsWith('*.') ? host.endsWith(name.slice(1)) : host === name;
  });
}

/**
 * Whether the server may connect to this IP address: only ordinary public unicast. ipaddr.js
 * names every special range (private, loopback, link-local 169.254/16 and fe80::/10, unique-local
 * fc00::/7, unspecified, carrier-grade NAT, multicast, reserved, documentation…), and an
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function addressAllowed(address: string, policy: Pick<PushEndpointPolicy, 'allowLoopback'>): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback');
}

/**
 * Checks an endpoint URL as a member hands it over, and again before each send: https, no
 * credentials, a push service's host and port, and, when the host is an IP address (which is
 * connected to without a lookup), an address we may connect to. Returns null when it is fine.
 */
export function pushEndpointRefusal(endpoint: string, policy: PushEndpointPolicy): string | null {
  const url = URL.parse(endpoint);
  if (!url || url.protocol !== 'https:') return 'not an https URL';
  if (url.username || url.password) return 'credentials in the URL';
  if (!hostAllowed(url, policy.hosts)) return `host ${url.host} is not a push service`;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !addressAllowed(literal, policy)) return `address ${literal} is not public`;
  return null;
}

/** Resolves a host name to every address it has (tests give a resolver of their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * A `lookup` for the sockets of the push sender: resolves the name, refuses it outright when any
 * of its addresses is not one we may connect to (a name with a private address among public ones
 * is not a push service), and hands the socket exactly the addresses it checked, so nothing is
 * resolved again between the check and the connection (DNS rebinding).
 */
export function guardedLookup(policy: PushEndpointPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const wanted = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        const refused = all.find((a) => !addressAllowed(a.address, policy));
        if (refused || wanted.length === 0) {
          const err = new PushAddressRefusedError(`push endpoint ${hostname} resolves to ${refused?.address ?? 'no usable address'}`);
          return options.all ? callback(err, []) : callback(err, '', 0);
        }
        if (options.all) return callback(null, wanted);
        return callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => (options.all ? callback(err, []) : callback(err, '', 0)),
    );
  };
}
