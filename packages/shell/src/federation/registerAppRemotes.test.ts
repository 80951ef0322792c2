import { describe, expect, it, jest } from '@jest/globals';
import { registerAppRemotes } from './registerAppRemotes';

describe('registerAppRemotes', () => {
  it('registers both remotes by container name with the manifest URLs from app-config.json', () => {
    // A fake runtime: the real one works only inside a webpack build (RUNTIME-009).
    const registerRemotes = jest.fn<(remotes: { name: string; entry: string }[]) => void>();
    registerAppRemotes(
      {
        alerts: 'https://alerts.example.test/v7/mf-manifest.json',
        positions: 'http://127.0.0.1:8082/mf-manifest.json',
      },
      registerRemotes,
    );
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'alerts_mfe', entry: 'https://alerts.example.test/v7/mf-manifest.json' },
      { name: 'positions_mfe', entry: 'http://127.0.0.1:8082/mf-manifest.json' },
    ]);
  });
});
