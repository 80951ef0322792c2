import { generate } from 'selfsigned';

/** A PEM key and certificate for a loopback HTTPS server. */
export interface SelfSignedCertificate {
  readonly keyPem: string;
  /** Also the trust anchor a client needs (`ca`, or a file for `NODE_EXTRA_CA_CERTS`). */
  readonly certificatePem: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Makes a P-256 certificate for `127.0.0.1`, `::1` and `localhost`, valid for a day, that is its
 * own CA: for a stand-in that must serve HTTPS (the `web-push` client speaks nothing else).
 */
export async function createSelfSignedCertificate(
  now: Date = new Date(),
): Promise<SelfSignedCertificate> {
  const pems = await generate([{ name: 'commonName', value: 'Pairwatch local push service' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { keyPem: pems.private, certificatePem: pems.cert };
}
