import { afterAll, beforeAll } from '@jest/globals';
import { LocalPushService } from '@pairwatch/test-support';
import { trustCertificate } from './trustCertificate';

/**
 * Runs a {@link LocalPushService} in this process for the test file (started before all its
 * tests, closed after) and makes outgoing HTTPS trust its certificate meanwhile.
 *
 * @returns the running service (call it inside tests and hooks, not at the file's top level).
 */
export function useTrustedLocalPushService(): () => LocalPushService {
  let push: LocalPushService | undefined;
  let untrust: (() => void) | undefined;
  beforeAll(async () => {
    push = await LocalPushService.start();
    untrust = trustCertificate(push.certificatePem);
  });
  afterAll(async () => {
    untrust?.();
    await push?.close();
  });
  return () => {
    if (!push) throw new Error('the local push service runs only inside the tests of this file');
    return push;
  };
}
