import { isIPv6 } from 'node:net';

/**
 * The key a per-client budget counts an address under: an IPv4 address itself, an IPv6 address
 * by its /64 (one subscriber line gets a whole /64, so counting single IPv6 addresses would give
 * one client 2^64 budgets). IPv4-mapped IPv6 (`::ffff:1.2.3.4`) counts as its IPv4 address.
 *
 * @example `addressGroup('2001:db8:1:2:aaaa::1')` → `'2001:db8:1:2::/64'`
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  // Expand "::" to the missing zero groups, then keep the first four.
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [
    ...headGroups,
    ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
    ...tailGroups,
  ];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
