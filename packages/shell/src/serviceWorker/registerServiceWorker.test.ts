import { describe, expect, it, jest } from '@jest/globals';
import { registerServiceWorker, SERVICE_WORKER_URL } from './registerServiceWorker';

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole app, bypassing the HTTP cache for updates', async () => {
    const registration = { scope: 'http://127.0.0.1:8080/' } as ServiceWorkerRegistration;
    const register = jest.fn<ServiceWorkerContainer['register']>(async () => registration);
    await expect(
      registerServiceWorker({ register } as unknown as ServiceWorkerContainer),
    ).resolves.toBe(registration);
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, {
      scope: '/',
      updateViaCache: 'none',
    });
  });

  it('does nothing where service workers are unsupported', async () => {
    await expect(registerServiceWorker(undefined)).resolves.toBeUndefined();
  });

  it('logs a refused registration and carries on', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const register = jest.fn<ServiceWorkerContainer['register']>(async () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await expect(
      registerServiceWorker({ register } as unknown as ServiceWorkerContainer),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('/sw.js was not registered'),
      expect.any(DOMException),
    );
  });
});
