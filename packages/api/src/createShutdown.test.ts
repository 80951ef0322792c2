import { describe, expect, it } from '@jest/globals';
import { createShutdown } from './createShutdown';

function harness(appClose: () => Promise<void>) {
  const events: string[] = [];
  const errors: unknown[] = [];
  const exits: number[] = [];
  const shutdown = createShutdown({
    app: {
      close: async () => {
        events.push('app closing');
        await appClose();
      },
    },
    market: {
      close: async () => {
        events.push('market closed');
      },
    },
    logger: {
      info: (_object, message) => events.push(message),
      error: (object, message) => {
        events.push(message);
        errors.push((object as { err?: unknown }).err);
      },
    },
    exit: (code) => exits.push(code),
    graceMs: 60_000,
  });
  return { shutdown, events, errors, exits };
}

describe('createShutdown', () => {
  it('closes the app, then the market, and exits 0', async () => {
    const { shutdown, events, exits } = harness(async () => undefined);

    await shutdown('SIGTERM');

    expect(events).toEqual(['api stopping', 'app closing', 'market closed', 'api stopped']);
    expect(exits).toEqual([0]);
  });

  it('logs a failing app close, still closes the market, and exits 1 without rejecting', async () => {
    const failure = new Error('store close failed');
    const { shutdown, events, errors, exits } = harness(async () => {
      throw failure;
    });

    await expect(shutdown('SIGINT')).resolves.toBeUndefined();

    expect(events).toEqual([
      'api stopping',
      'app closing',
      'market closed',
      'api did not stop cleanly',
    ]);
    expect(errors).toEqual([failure]);
    expect(exits).toEqual([1]);
  });

  it('acts on the first signal only', async () => {
    const { shutdown, exits } = harness(async () => undefined);

    await Promise.all([shutdown('SIGINT'), shutdown('SIGTERM')]);

    expect(exits).toEqual([0]);
  });
});
