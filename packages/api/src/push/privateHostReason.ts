import net from 'node:net';

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
 * NOTE: a host name that resolves to such an address is not caught here; this check keeps the
 * api from being pointed at its network by a literal, the cheap and common case.
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
