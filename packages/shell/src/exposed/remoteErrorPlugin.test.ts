import { describe, expect, it, jest } from '@jest/globals';
import remoteErrorPlugin from './remoteErrorPlugin';

type ErrorLoadRemote = (args: Record<string, unknown>) => unknown;

describe('remoteErrorPlugin', () => {
  it('logs the failed remote with its entry and lifecycle, and returns nothing so the load rejects', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const plugin = remoteErrorPlugin();
    const cause = new TypeError('Failed to fetch');
    const result = await (plugin.errorLoadRemote as unknown as ErrorLoadRemote)({
      id: 'http://127.0.0.1:8082/mf-manifest.json',
      error: cause,
      from: 'runtime',
      lifecycle: 'afterResolve',
      remote: { name: 'positions_mfe', entry: 'http://127.0.0.1:8082/mf-manifest.json' },
    });
    expect(result).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('remote positions_mfe failed to load (lifecycle afterResolve'),
      cause,
    );
  });
});
