import { describe, expect, it } from '@jest/globals';
import { type LookupAddress } from 'node:dns';
import { createGuardedLookup, PrivateAddressError } from './createGuardedLookup';

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

function lookup(hostname: string, table: Record<string, string[]>) {
  return new Promise<{ error: Error | null; address: string }>((resolve) =>
    createGuardedLookup(fakeDns(table))(hostname, {}, (error, address) =>
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
