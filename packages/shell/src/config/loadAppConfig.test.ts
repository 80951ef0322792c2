import { describe, expect, it, jest } from '@jest/globals';
import { APP_CONFIG_PATH, loadAppConfig } from './loadAppConfig';

const config = {
  apiUrl: 'http://127.0.0.1:5080',
  remotes: {
    alerts: 'http://127.0.0.1:8081/mf-manifest.json',
    positions: 'http://127.0.0.1:8082/mf-manifest.json',
  },
};

function answering(response: Partial<Response>) {
  return jest.fn<typeof fetch>(async () => ({ ok: true, status: 200, ...response }) as Response);
}

describe('loadAppConfig', () => {
  it('fetches app-config.json as the page preloads it (default cache mode) and returns it checked', async () => {
    const fetchFn = answering({ json: async () => config });
    await expect(loadAppConfig(fetchFn)).resolves.toEqual(config);
    expect(fetchFn).toHaveBeenCalledWith(APP_CONFIG_PATH);
  });

  it('reports the HTTP status when the file is missing', async () => {
    await expect(loadAppConfig(answering({ ok: false, status: 404 }))).rejects.toThrow(
      'Could not fetch /app-config.json: HTTP 404.',
    );
  });

  it('reports a body that is not JSON', async () => {
    const fetchFn = answering({
      json: async () => {
        throw new SyntaxError('Unexpected token <');
      },
    });
    await expect(loadAppConfig(fetchFn)).rejects.toThrow(
      '/app-config.json is not valid JSON: SyntaxError: Unexpected token <',
    );
  });

  it('reports a network failure', async () => {
    const fetchFn = jest.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadAppConfig(fetchFn)).rejects.toThrow(
      'Could not fetch /app-config.json: TypeError: Failed to fetch.',
    );
  });
});
