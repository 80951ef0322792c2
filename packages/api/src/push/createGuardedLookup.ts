import dns, { type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { type LookupFunction } from 'node:net';
import { privateHostReason } from './privateAddresses';

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
 */
export function createGuardedLookup(resolve: Resolve = dns.lookup): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 4);
        return;
      }
      for (const { address } of addresses) {
        const reason = privateHostReason(address);
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
      if (options.all)
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
