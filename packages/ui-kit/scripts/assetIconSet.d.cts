/** One bundled logo: its lower-case asset code, the asset's full name when kept, its source file. */
export interface AssetIcon {
  readonly code: string;
  readonly name?: string;
  readonly source: string;
}

/** The installed icon set: its packages and versions, and its logos sorted by code. */
export interface AssetIconSet {
  readonly packages: string;
  readonly icons: readonly AssetIcon[];
}

export declare function readAssetIconSet(): AssetIconSet;

/** The SVG text held by one of the set's modules. */
export declare function svgOfModule(file: string): string;
