/** The parts of a Module Federation `mf-manifest.json` the offline cache reads. */
interface AssetLists {
  readonly js?: { readonly sync?: readonly unknown[]; readonly async?: readonly unknown[] };
  readonly css?: { readonly sync?: readonly unknown[]; readonly async?: readonly unknown[] };
}

/** A remote's `mf-manifest.json`, as far as {@link remoteAssetUrls} needs it. */
export interface RemoteManifest {
  readonly metaData?: {
    readonly remoteEntry?: { readonly name?: unknown; readonly path?: unknown };
  };
  readonly exposes?: readonly { readonly assets?: AssetLists }[];
  readonly shared?: readonly { readonly name?: unknown; readonly assets?: AssetLists }[];
}

function files(assets: AssetLists | undefined): string[] {
  return [
    ...(assets?.js?.sync ?? []),
    ...(assets?.js?.async ?? []),
    ...(assets?.css?.sync ?? []),
    ...(assets?.css?.async ?? []),
  ].filter((file): file is string => typeof file === 'string' && file !== '');
}

/**
 * The files a remote's screens run, as its manifest lists them, as absolute URLs: the entry, every
 * exposed module's chunks, and the chunks of the shared modules the shell does not provide (those
 * the shell provides are never loaded from the remote). Relative to the manifest, as the runtime
 * resolves them (`publicPath: 'auto'`).
 *
 * @param manifestUrl - where the manifest was read.
 * @param hostShared - the names of the modules the shell provides (its own manifest's `shared`).
 */
export function remoteAssetUrls(
  manifestUrl: string,
  manifest: RemoteManifest,
  hostShared: ReadonlySet<string>,
): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const entryFile =
    typeof entry?.name === 'string' && entry.name !== ''
      ? [
          `${typeof entry.path === 'string' && entry.path !== '' ? `${entry.path}/` : ''}${entry.name}`,
        ]
      : [];
  const exposed = (manifest.exposes ?? []).flatMap((expose) => files(expose.assets));
  const ownShared = (manifest.shared ?? [])
    .filter((shared) => typeof shared.name === 'string' && !hostShared.has(shared.name))
    .flatMap((shared) => files(shared.assets));
  return [...new Set([...entryFile, ...exposed, ...ownShared])].map(
    (file) => new URL(file, manifestUrl).href,
  );
}
