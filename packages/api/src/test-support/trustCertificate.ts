import https from 'node:https';
import tls from 'node:tls';

/**
 * Makes this process's outgoing HTTPS (Node's global agent, which the push transport uses) trust
 * one more certificate besides the usual roots, as `NODE_EXTRA_CA_CERTS` does for a process at
 * start; nothing is switched off. For tests that run a {@link LocalPushService} in-process.
 *
 * @returns the undo, which puts the previous trust back (call it in `afterAll`).
 */
export function trustCertificate(certificatePem: string): () => void {
  const saved = https.globalAgent.options.ca;
  https.globalAgent.options.ca = [...tls.rootCertificates, certificatePem];
  return () => {
    https.globalAgent.options.ca = saved;
  };
}
