import { type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * MF runtime plugin (listed in the shell's `runtimePlugins`; MF imports it by default export).
 *
 * It reports a remote that failed to load with the evidence (remote, URL, lifecycle, cause) and
 * returns nothing, so the runtime forgets the failed manifest and rejects the `loadRemote` call:
 * the screen's error boundary then shows its fallback, and "Retry" fetches again.
 *
 * NOTE: it must not throw. A throw from `errorLoadRemote` while the manifest is being resolved
 * skips the runtime's cleanup and the failed manifest request stays cached, so a retry could never
 * succeed (runtime-core SnapshotHandler.getManifestJson).
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pairwatch-remote-error',
    errorLoadRemote(args) {
      const { remote } = args;
      console.warn(
        `[pairwatch] remote ${remote?.name ?? '?'} failed to load (lifecycle ${args.lifecycle}, ` +
          `request ${args.id}${remote?.entry ? `, entry ${remote.entry}` : ''}):`,
        args.error,
      );
      return undefined;
    },
  };
}
