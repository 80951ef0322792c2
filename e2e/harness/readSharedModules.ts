import { type Page } from '@playwright/test';

/** One registration of a shared module in a federation instance's share scope. */
export interface SharedModuleEntry {
  /** The federation instance whose scope holds it (`shell:0.1.0`, `alerts_mfe:0.1.0`, …). */
  readonly instance: string;
  readonly version: string;
  /** The app whose copy it is (`shell`, `alerts_mfe`, …). */
  readonly from: string;
  readonly loaded: boolean;
  /** The apps that consumed it. */
  readonly useIn: readonly string[];
}

/**
 * Reads the Module Federation share scopes of the page (`globalThis.__FEDERATION__.__SHARE__`,
 * docs/decisions/0004-module-federation-runtime-registration.md): every registration of every shared package in the `default`
 * scope of every federation instance, as is.
 *
 * @returns `{ [packageName]: SharedModuleEntry[] }`.
 */
export async function readSharedModules(page: Page): Promise<Record<string, SharedModuleEntry[]>> {
  return page.evaluate(() => {
    interface Registration {
      from?: string;
      loaded?: boolean;
      useIn?: string[];
    }
    type ShareScopes = Record<string, Record<string, Record<string, Record<string, Registration>>>>;
    const share = (globalThis as { __FEDERATION__?: { __SHARE__?: ShareScopes } }).__FEDERATION__
      ?.__SHARE__;
    if (!share) {
      throw new Error('globalThis.__FEDERATION__.__SHARE__ is missing: is this a federated page?');
    }
    const entries: Record<string, SharedModuleEntry[]> = {};
    for (const [instance, scopes] of Object.entries(share)) {
      for (const [pkg, versions] of Object.entries(scopes['default'] ?? {})) {
        for (const [version, registration] of Object.entries(versions)) {
          (entries[pkg] ??= []).push({
            instance,
            version,
            from: registration.from ?? '?',
            loaded: Boolean(registration.loaded),
            useIn: [...(registration.useIn ?? [])],
          });
        }
      }
    }
    return entries;
  });
}
