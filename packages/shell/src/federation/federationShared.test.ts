import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  federationShared,
  SHARED_MODULES,
  SHARED_PACKAGES,
} from '../../../../tools/mf/federationShared.cjs';

// The contract of the MF boundary (tools/mf): the three federated apps build the same shared map,
// every entry a singleton with an explicit semver range.
const packagesDir = path.resolve(__dirname, '../../..');
const apps = ['shell', 'alerts-mfe', 'positions-mfe'].map((folder) => {
  const appDir = path.join(packagesDir, folder);
  const packageJson = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
    name: string;
  };
  return { folder, appDir, packageJson };
});

describe('federationShared', () => {
  it.each(apps)(
    'gives $folder every shared module as a versioned singleton',
    ({ appDir, packageJson }) => {
      const shared = federationShared(packageJson, { appDir });
      expect(Object.keys(shared).sort()).toEqual(SHARED_MODULES.map((m) => m.key).sort());
      for (const [key, config] of Object.entries(shared)) {
        expect({ key, singleton: config.singleton }).toEqual({ key, singleton: true });
        expect({ key, requiredVersion: config.requiredVersion }).toEqual({
          key,
          requiredVersion: expect.stringMatching(/^[\^~]?\d+\.\d+\.\d+/),
        });
      }
    },
  );

  it('builds the same map, versions included, for the shell and both remotes', () => {
    const [shell, ...remotes] = apps.map(({ appDir, packageJson }) =>
      federationShared(packageJson, { appDir }),
    );
    for (const remote of remotes) expect(remote).toEqual(shell);
  });

  it('shares the hooks-bearing packages the product depends on being single', () => {
    expect(SHARED_MODULES.map((m) => m.key)).toEqual(
      expect.arrayContaining([
        'react',
        'react-dom',
        'react-dom/',
        'react/jsx-runtime',
        'react-router',
        'react-router-dom',
        '@mui/material',
        '@emotion/react',
        '@emotion/styled',
        'notistack',
        'rxjs',
        '@pairwatch/market-data',
        '@pairwatch/ui-kit',
      ]),
    );
  });

  it('turns a workspace range into a caret range of the installed version', () => {
    const shell = apps[0]!;
    const shared = federationShared(shell.packageJson, { appDir: shell.appDir });
    expect(shared['@pairwatch/market-data']).toMatchObject({
      requiredVersion: '^0.1.0',
      version: '0.1.0',
    });
  });

  it('names the shared packages an app forgot to declare', () => {
    expect(() =>
      federationShared(
        { name: '@pairwatch/incomplete', dependencies: { react: '^19.3.1' } },
        { appDir: packagesDir },
      ),
    ).toThrow(/@pairwatch\/incomplete must declare react-dom, .*@pairwatch\/ui-kit/);
  });

  it('reports a shared package that is declared but not installed', () => {
    const appDir = mkdtempSync(path.join(tmpdir(), 'mf-shared-'));
    mkdirSync(path.join(appDir, 'node_modules'));
    const dependencies = Object.fromEntries(SHARED_PACKAGES.map((name) => [name, '^1.0.0']));
    writeFileSync(path.join(appDir, 'package.json'), JSON.stringify({ name: 'x', dependencies }));
    expect(() => federationShared({ name: 'x', dependencies }, { appDir })).toThrow(
      /cannot read .*package\.json/,
    );
  });
});
