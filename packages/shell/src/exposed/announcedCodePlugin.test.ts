import { describe, expect, it } from '@jest/globals';
import announcedCodePlugin from './announcedCodePlugin';

type BeforePreloadRemote = (args: { preloadOps: Record<string, unknown>[] }) => unknown;

function run(preloadOps: Record<string, unknown>[]): Record<string, unknown>[] {
  const hook = announcedCodePlugin().beforePreloadRemote as unknown as BeforePreloadRemote;
  void hook({ preloadOps });
  return preloadOps;
}

/** What runtime-core's snapshot plugin preloads for the module `loadRemote` loads. */
function loadPreload(nameOrAlias: string, expose: string): Record<string, unknown> {
  return {
    nameOrAlias,
    exposes: [expose],
    resourceCategory: 'sync',
    share: false,
    depsRemote: false,
    recordPreloadedAssets: true,
  };
}

describe('announcedCodePlugin', () => {
  it("leaves out loadRemote's own preload of the first chart's code", () => {
    expect(run([loadPreload('alerts_mfe', './firstChart')])).toEqual([]);
  });

  it("keeps loadRemote's preload of any other module, and every preloadRemote call", () => {
    const others = [
      loadPreload('alerts_mfe', './AlertsRoute'),
      loadPreload('positions_mfe', './PositionsRoute'),
      // startFirstScreen's preloadRemote (no share/recordPreloadedAssets): kept, even of the chart.
      { nameOrAlias: 'alerts_mfe', exposes: ['./firstChart'], resourceCategory: 'sync' },
      { nameOrAlias: 'alerts_mfe', exposes: ['./AlertsRoute'], resourceCategory: 'sync' },
    ];
    expect(run([...others])).toEqual(others);
  });
});
