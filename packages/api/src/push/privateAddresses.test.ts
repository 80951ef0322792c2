import { type LookupAddress } from 'node:dns';
import { describe, expect, it } from '@jest/globals';
import {
  createGuardedLookup,
  PrivateAddressError,
  privateHostReason,
  refusedHostReason,
} from './privateAddresses';

const hostOf = (url: string) => new URL(url).hostname;
const TUNNEL = 'an IPv6 address that tunnels IPv4 (NAT64, 6to4, Teredo or IPv4-compatible)';

describe('privateHostReason', () => {
  it.each([
    ['https://localhost/push', 'the local machine'],
    ['https://LOCALHOST./push', 'the local machine'],
    ['https://push.localhost/push', 'the local machine'],
    ['https://127.0.0.1:8443/push', 'a loopback address'],
    ['https://127.1/push', 'a loopback address'],
    ['https://2130706433/push', 'a loopback address'],
    ['https://[::1]/push', 'a loopback address'],
    ['https://[::ffff:127.0.0.1]/push', 'a loopback address'],
    ['https://10.1.2.3/push', 'a private address'],
    ['https://172.16.0.1/push', 'a private address'],
    ['https://172.31.255.255/push', 'a private address'],
    ['https://192.168.1.10/push', 'a private address'],
    ['https://[fd12:3456::1]/push', 'a private address'],
    ['https://169.254.169.254/latest', 'a link-local address'],
    ['https://[fe80::1]/push', 'a link-local address'],
    ['https://0.0.0.0/push', 'an unspecified address'],
    ['https://[::]/push', 'an unspecified address'],
    ['https://100.64.0.1/push', 'a carrier-grade NAT address'],
    ['https://100.127.255.254/push', 'a carrier-grade NAT address'],
    ['https://198.18.0.1/push', 'a benchmarking address'],
    ['https://198.19.255.1/push', 'a benchmarking address'],
    ['https://224.0.0.251/push', 'a multicast address'],
    ['https://[ff02::1]/push', 'a multicast address'],
    ['https://255.255.255.255/push', 'a reserved address'],
    ['https://240.0.0.1/push', 'a reserved address'],
    ['https://192.0.2.1/push', 'a reserved address'],
    ['https://[2001:db8::1]/push', 'a reserved address'],
    ['https://[64:ff9b::7f00:1]/push', TUNNEL],
    ['https://[2002:7f00:1::]/push', TUNNEL],
    ['https://[::7f00:1]/push', TUNNEL],
  ])('refuses %s as %s', (url, reason) => {
    expect(privateHostReason(hostOf(url))).toBe(reason);
  });

  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc'],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc'],
    ['https://8.8.8.8/push'],
    ['https://172.32.0.1/push'],
    ['https://[2606:4700:4700::1111]/push'],
    ['https://100.128.0.1/push'],
    ['https://localhost.example.org/push'],
  ])('lets %s through', (url) => {
    expect(privateHostReason(hostOf(url))).toBeUndefined();
  });
});

/** A resolver that answers from a table, like a DNS server an attacker controls. */
function fakeDns(table: Record<string, string[]>) {
  return (
    hostname: string,
    _options: object,
    callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
  ) => {
    const addresses = table[hostname];
    if (addresses === undefined) {
      callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
      return;
    }
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

function lookup(hostname: string, table: Record<string, string[]>, allowPrivate = false) {
  return new Promise<{ error: Error | null; address: string }>((resolve) =>
    createGuardedLookup(fakeDns(table), { allowPrivate })(hostname, {}, (error, address) =>
      resolve({ error, address: String(address) }),
    ),
  );
}

describe('createGuardedLookup', () => {
  it.each([
    ['the machine itself', 'ip6-localhost', ['::1'], 'a loopback address'],
    ['a private network', 'intranet.example', ['10.0.0.5'], 'a private address'],
    ['any of several addresses', 'mixed.example', ['8.8.8.8', '192.168.1.1'], 'a private address'],
    ['CGNAT', 'cgnat.example', ['100.64.1.1'], 'a carrier-grade NAT address'],
    ['IPv4-mapped loopback', 'mapped.example', ['::ffff:127.0.0.1'], 'a loopback address'],
  ])('refuses a name that resolves into %s', async (_what, host, addresses, reason) => {
    const { error } = await lookup(host, { [host]: addresses });

    expect(error).toBeInstanceOf(PrivateAddressError);
    expect((error as PrivateAddressError).reason).toBe(reason);
  });

  it('answers the first address of a public name, and passes resolver errors on', async () => {
    expect(await lookup('fcm.googleapis.com', { 'fcm.googleapis.com': ['142.250.1.1'] })).toEqual({
      error: null,
      address: '142.250.1.1',
    });
    expect((await lookup('nowhere.example', {})).error).toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('refusedHostReason', () => {
  it.each([
    ['localhost', undefined],
    ['127.0.0.1', undefined],
    ['[::1]', undefined],
    ['10.1.2.3', undefined],
    ['192.168.1.10', undefined],
    ['[fd12:3456::1]', undefined],
    ['169.254.169.254', 'a link-local address'],
    ['169.254.1.1', 'a link-local address'],
    ['[fe80::1]', 'a link-local address'],
    ['[::ffff:169.254.169.254]', 'a link-local address'],
    ['[fd00:ec2::254]', 'a cloud metadata service'],
    ['100.100.100.200', 'a carrier-grade NAT address'],
    ['metadata.google.internal', 'a cloud metadata service'],
    ['METADATA.GOOGLE.INTERNAL.', 'a cloud metadata service'],
    ['0.0.0.0', 'an unspecified address'],
    ['224.0.0.251', 'a multicast address'],
  ])('with private hosts allowed, judges %s as %s', (host, reason) => {
    expect(refusedHostReason(host, true)).toBe(reason);
  });

  it('without allowPrivate refuses what privateHostReason refuses, and the metadata names', () => {
    for (const host of ['localhost', '127.0.0.1', '10.0.0.1', '169.254.169.254', '[fd00:ec2::254]'])
      expect(refusedHostReason(host, false)).toBe(privateHostReason(host));
    expect(refusedHostReason('metadata.google.internal', false)).toBe('a cloud metadata service');
    expect(refusedHostReason('hooks.example.com', false)).toBeUndefined();
    expect(refusedHostReason('8.8.8.8', true)).toBeUndefined();
  });
});

describe('createGuardedLookup with allowPrivate', () => {
  it('admits loopback and private addresses', async () => {
    expect(await lookup('box.lan', { 'box.lan': ['192.168.1.5'] }, true)).toEqual({
      error: null,
      address: '192.168.1.5',
    });
    expect((await lookup('localhost', { localhost: ['127.0.0.1', '::1'] }, true)).error).toBeNull();
  });

  it.each([
    ['link-local', ['169.254.169.254'], 'a link-local address'],
    ['AWS metadata over IPv6', ['fd00:ec2::254'], 'a cloud metadata service'],
    ['Alibaba metadata', ['100.100.100.200'], 'a carrier-grade NAT address'],
    ['a mix with link-local', ['10.0.0.1', 'fe80::1'], 'a link-local address'],
  ])('still refuses %s', async (_what, addresses, reason) => {
    const { error } = await lookup('rebind.example', { 'rebind.example': addresses }, true);

    expect(error).toBeInstanceOf(PrivateAddressError);
    expect((error as PrivateAddressError).reason).toBe(reason);
  });
});
