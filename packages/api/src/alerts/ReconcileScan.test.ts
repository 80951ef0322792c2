import { describe, expect, it } from '@jest/globals';
import { ReconcileScan, type WatchedAlerts } from './ReconcileScan';

/** An engine's watched alerts as a plain set the test changes. */
function watching(ids: Iterable<string>, firing: Iterable<string> = []) {
  const watched = new Set(ids);
  const alerts: WatchedAlerts = {
    isWatched: (id) => watched.has(id),
    watchedIds: () => watched.values(),
    firingIds: () => new Set(firing),
  };
  let closed = 0;
  const scan = new ReconcileScan(alerts, () => (closed += 1));
  return { watched, scan, closedCount: () => closed };
}

describe('ReconcileScan', () => {
  it('finds the active alerts not watched and the watched ones not active, over pages', async () => {
    const { scan } = watching(['a', 'b', 'stale', 'd']);

    scan.sawActive(['a', 'b']);
    scan.sawActive(['c', 'd']);
    scan.sawActive(['e']);

    expect(await scan.verdict()).toEqual({ missing: ['c', 'e'], forgotten: ['stale'] });
  });

  it('leaves out every alert the engine added, forgot or let go of during the scan', async () => {
    const { watched, scan } = watching(['a', 'deleted-meanwhile', 'fired-meanwhile']);
    scan.sawActive(['a', 'deleted-meanwhile', 'fired-meanwhile']);
    // Created after its page was read: not among the ids seen, yet watched.
    watched.add('created-meanwhile');
    scan.touch('created-meanwhile');
    // Deleted after its page was read: seen active, no longer watched.
    watched.delete('deleted-meanwhile');
    scan.touch('deleted-meanwhile');
    scan.sawActive(['b']);
    watched.add('b');
    scan.touch('b');

    expect(await scan.verdict()).toEqual({ missing: [], forgotten: [] });
  });

  it('leaves out the alerts whose firings are being recorded', async () => {
    const { scan } = watching(['recording', 'a'], ['recording', 'queued']);

    scan.sawActive(['a', 'queued']);

    expect(await scan.verdict()).toEqual({ missing: [], forgotten: [] });
  });

  it('judges each candidate again at the end: one watched meanwhile is not missing', async () => {
    const { watched, scan } = watching([]);
    scan.sawActive(['late']);
    // Watched through a path that did not touch (as a start's load would): still not missing.
    watched.add('late');

    expect(await scan.verdict()).toEqual({ missing: [], forgotten: [] });
  });

  it('compares a large index a slice at a time, letting the event loop run in between', async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `alert-${i}`);
    const { scan } = watching(ids);
    scan.sawActive(ids.slice(1));
    // Queued before the verdict starts: it runs first only if the verdict yields to the loop.
    const ranBeforeVerdict = new Promise<boolean>((resolve) => setImmediate(() => resolve(true)));

    const verdict = scan.verdict();
    const first = await Promise.race([verdict.then(() => false), ranBeforeVerdict]);

    expect(first).toBe(true);
    expect(await verdict).toEqual({ missing: [], forgotten: ['alert-0'] });
  });

  it('tells its engine when it is closed', () => {
    const { scan, closedCount } = watching(['a']);

    scan.close();

    expect(closedCount()).toBe(1);
  });
});
