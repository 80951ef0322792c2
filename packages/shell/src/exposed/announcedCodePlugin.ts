import { type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { FIRST_CHART_EXPOSE, REMOTE_SCREENS } from '../federation/remoteScreens';

/** What `beforePreloadRemote` is given to preload (the runtime's `PreloadRemoteArgs`, in part). */
interface PreloadOp {
  readonly nameOrAlias: string;
  readonly exposes?: readonly string[];
  readonly share?: boolean;
  readonly recordPreloadedAssets?: boolean;
}

/**
 * Whether `op` is the preload the runtime's `loadRemote` starts by itself for the module it loads
 * (its snapshot plugin: `share: false`, `recordPreloadedAssets: true`), for the first chart.
 */
function isFirstChartLoadPreload(op: PreloadOp): boolean {
  return (
    op.nameOrAlias === REMOTE_SCREENS.alerts.containerName &&
    op.share === false &&
    op.recordPreloadedAssets === true &&
    op.exposes?.length === 1 &&
    op.exposes[0] === FIRST_CHART_EXPOSE
  );
}

/**
 * MF runtime plugin (listed in the shell's `runtimePlugins`; MF imports it by default export).
 *
 * It leaves out the preload that `loadRemote` makes of the first chart's code
 * (`alerts_mfe/firstChart`, docs/architecture.md §7, "The first chart"): the page's `Link` headers
 * (the static server's, kept by the service worker) have that code under way from the page's
 * first byte, and the runtime's preload only repeats it, on the main thread before the first
 * candles: it checks every shared module of the remote's manifest against the shell's (about 60
 * semver comparisons) and looks each chunk up in the document (`pnpm bench:web`). The module's
 * chunks are still loaded as its container asks for them. Every other preload is left as it is.
 */
export default function announcedCodePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pairwatch-announced-code',
    beforePreloadRemote(args) {
      const ops = args.preloadOps as PreloadOp[];
      // In place: the runtime preloads what is left in the array it passed.
      for (let i = ops.length - 1; i >= 0; i -= 1) {
        if (isFirstChartLoadPreload(ops[i]!)) ops.splice(i, 1);
      }
    },
  };
}
