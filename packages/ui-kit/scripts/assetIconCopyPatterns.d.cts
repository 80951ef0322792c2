/** One copy-webpack-plugin pattern: a folder of the set's icon modules → `icons/<asset>.svg`. */
export interface AssetIconCopyPattern {
  readonly from: string;
  readonly filter: (file: string) => boolean;
  readonly to: (data: { readonly absoluteFilename?: string }) => string;
  readonly toType: 'file';
  readonly transform: {
    readonly transformer: (content: Buffer, from: string) => Buffer;
    readonly cache: true;
  };
}

/** The patterns that copy every logo of the bundled icon set to an app's `icons/` folder. */
export declare function assetIconCopyPatterns(): AssetIconCopyPattern[];
