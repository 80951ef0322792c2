// Keeping the api's push requests out of its own network: which hosts and addresses are private,
// and a DNS lookup that refuses them on every connection.
import dns, { type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import net, { type LookupFunction } from 'node:net';

/** Address ranges a push endpoint may not point into, by what they are. */
const RANGES: readonly {
  readonly what: string;
  readonly subnets: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[];
}[] = [
  {
    what: 'a loopback address',
    subnets: [
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ],
  },
  {
    what: 'a private address',
    subnets: [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
    ],
  },
  {
    what: 'a link-local address',
    subnets: [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
  },
  {
    what: 'an unspecified address',
    subnets: [
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 128, 'ipv6'],
    ],
  },
  { what: 'a carrier-grade NAT address', subnets: [['100.64.0.0', 10, 'ipv4']] },
  { what: 'a benchmarking address', subnets: [['198.18.0.0', 15, 'ipv4']] },
  {
    what: 'a multicast address',
    subnets: [
      ['224.0.0.0', 4, 'ipv4'],
      ['ff00::', 8, 'ipv6'],
    ],
  },
  {
    // 240/4 holds the broadcast address; the others are IETF protocol and documentation ranges.
    what: 'a reserved address',
    subnets: [
      ['240.0.0.0', 4, 'ipv4'],
      ['192.0.0.0', 24, 'ipv4'],
      ['192.0.2.0', 24, 'ipv4'],
      ['198.51.100.0', 24, 'ipv4'],
      ['203.0.113.0', 24, 'ipv4'],
      ['2001:db8::', 32, 'ipv6'],
      ['100::', 64, 'ipv6'],
    ],
  },
  {
    // Each embeds an IPv4 address that a gateway may reach on our behalf: none is a push service.
    what: 'an IPv6 address that tunnels IPv4 (NAT64, 6to4, Teredo or IPv4-compatible)',
    subnets: [
      ['64:ff9b::', 96, 'ipv6'],
      ['64:ff9b:1::', 48, 'ipv6'],
      ['2002::', 16, 'ipv6'],
      ['2001::', 32, 'ipv6'],
      ['::', 96, 'ipv6'],
    ],
  },
];

const BLOCKS = RANGES.map(({ what, subnets }) => {
  const list = new net.BlockList();
  for (const [network, prefix, type] of subnets) list.addSubnet(network, prefix, type);
  return { what, list };
});

/**
 * Why a push endpoint's host is inside the api's own network, or undefined when it is not:
 * `localhost` (and its subdomains), or an IP literal in a loopback, private (RFC 1918, fc00::/7),
 * link-local or unspecified range, IPv4-mapped IPv6 included. Takes `URL.hostname`, which has
 * already turned `0x7f.1` or `2130706433` into `127.0.0.1`.
 *
 * A host name is judged by its name only; what it resolves to is checked by
 * `createGuardedLookup`, at subscription time and again on every connection.
 *
 * @example `privateHostReason('127.0.0.1')` → `'a loopback address'`
 */
export function privateHostReason(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'the local machine';
  const address = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const family = net.isIP(address);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return BLOCKS.find(({ list }) => list.check(address, type))?.what;
}

/**
 * Cloud instance metadata services (AWS, GCP, Azure, OpenStack: 169.254.169.254; AWS over IPv6:
 * fd00:ec2::254; ECS task metadata: 169.254.170.2; Alibaba: 100.100.100.200; Oracle's legacy
 * 192.0.0.192) and the names GCP gives them. They hand out the machine's credentials, so no
 * outgoing request may reach them, not even with private hosts allowed; most lie in ranges
 * refused anyway, fd00:ec2::254 is in fc00::/7, which `allowPrivate` admits.
 */
const METADATA = (() => {
  const list = new net.BlockList();
  for (const address of ['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192'])
    list.addAddress(address, 'ipv4');
  list.addAddress('fd00:ec2::254', 'ipv6');
  return list;
})();
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog']);

/** The ranges `allowPrivate` admits: a test's or a self-hoster's receiver on this machine or LAN. */
const ADMITTED_WHEN_PRIVATE_ALLOWED = new Set([
  'the local machine',
  'a loopback address',
  'a private address',
]);

/**
 * Like {@link privateHostReason}, for outgoing requests whose owner may allow private hosts
 * (webhooks with `PUSH_ALLOW_PRIVATE_ENDPOINTS`): with `allowPrivate`, `localhost`, loopback and
 * private (RFC 1918, fc00::/7) hosts pass, but link-local, cloud metadata and every other special
 * range is still refused. Without it, it refuses what `privateHostReason` refuses and the cloud
 * metadata host names.
 *
 * @example `refusedHostReason('127.0.0.1', true)` → undefined; `refusedHostReason('169.254.169.254', true)` → `'a link-local address'`
 */
export function refusedHostReason(hostname: string, allowPrivate: boolean): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_NAMES.has(host)) return 'a cloud metadata service';
  const reason = privateHostReason(host);
  if (reason === undefined || !allowPrivate || !ADMITTED_WHEN_PRIVATE_ALLOWED.has(reason))
    return reason;
  const address = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const family = net.isIP(address);
  if (family !== 0 && METADATA.check(address, family === 4 ? 'ipv4' : 'ipv6'))
    return 'a cloud metadata service';
  return undefined;
}

/** Refused because the host name resolves into the api's own network. */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';

  constructor(
    readonly hostname: string,
    readonly reason: string,
  ) {
    super(`${hostname} resolves to ${reason}`);
    this.name = 'PrivateAddressError';
  }
}

type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `dns.lookup` for sockets to push services: it resolves every address of the host and fails
 * with {@link PrivateAddressError} when any of them lies in the api's own network (loopback,
 * private, link-local, CGNAT, reserved … see `privateHostReason`). Given to `https.request` as
 * `lookup`, it checks the address the socket really connects to, so a name that resolved to a
 * public address at subscription time and to a private one later (DNS rebinding) is still refused.
 *
 * @param resolve - the resolver (tests pass a fake); default `dns.lookup`.
 * @param options.allowPrivate - admit loopback and private addresses, never link-local or cloud
 *   metadata ones (see {@link refusedHostReason}); for tests with local receivers.
 */
export function createGuardedLookup(
  resolve: Resolve = dns.lookup,
  options: { readonly allowPrivate?: boolean } = {},
): LookupFunction {
  // Without allowPrivate this is exactly `privateHostReason`: push keeps its behaviour.
  const refused = options.allowPrivate
    ? (address: string) => refusedHostReason(address, true)
    : privateHostReason;
  return (hostname: string, lookupOptions: LookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 4);
        return;
      }
      for (const { address } of addresses) {
        const reason = refused(address);
        if (reason !== undefined) {
          callback(new PrivateAddressError(hostname, reason), '', 4);
          return;
        }
      }
      const [first] = addresses;
      if (first === undefined) {
        callback(
          Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
          '',
          4,
        );
        return;
      }
      if (lookupOptions.all)
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
