import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is counted under for the per-client caps: an IPv4 address as is
 * (also when written IPv4-mapped, `::ffff:a.b.c.d`), an IPv6 address by its /64 — a single
 * subscriber usually gets a whole /64, so counting single IPv6 addresses would give one client
 * 2^64 budgets. Anything else (a proxy's odd header, a custom `clientAddress`) counts as is.
 *
 * @public
 */
export function clientKey(address: string): string {
  const bare = address.replace(/%.*$/, ''); // zone id (fe80::1%eth0)
  if (!isIPv6(bare)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const [head = '', tail] = bare.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::1.2.3.4) stands for two groups; only the first four matter here.
  const tailLength = tailGroups.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailLength)).fill('0');
  const groups = [...headGroups, ...(tail === undefined ? [] : zeros), ...tailGroups];
  const prefix = groups
    .slice(0, 4)
    .map((group) => (group.includes('.') ? group : parseInt(group, 16).toString(16)));
  return `${prefix.join(':')}::/64`;
}
