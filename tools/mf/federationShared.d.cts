/** Options of one shared module, as `federationShared` returns them. */
export interface SharedModuleConfig {
  readonly singleton: true;
  readonly strictVersion: false;
  readonly requiredVersion: string;
  readonly version: string;
  readonly packageName: string;
}

/** One entry of the shared list: the share key and the npm package behind it. */
export interface SharedModule {
  readonly key: string;
  readonly packageName: string;
}

/** The app's package.json, as far as sharing needs it. */
export interface AppPackageJson {
  readonly name?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

export declare const SHARED_MODULES: readonly SharedModule[];
export declare const SHARED_PACKAGES: readonly string[];

export declare function federationShared(
  packageJson: AppPackageJson,
  options: { readonly appDir: string },
): Record<string, SharedModuleConfig>;
