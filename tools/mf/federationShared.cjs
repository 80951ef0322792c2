// The one Module Federation `shared` map of Pairwatch. The shell and both remotes build theirs with
// this function, so the three maps always have the same keys and options (docs/architecture.md §2;
// docs/decisions/0004-module-federation-runtime-registration.md). Only the versions differ: each app declares its own ranges.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** The MUI modules the apps and ui-kit import (deep imports, one component each). */
const MUI_COMPONENTS = Object.freeze([
  'Alert',
  'AlertTitle',
  'AppBar',
  'Autocomplete',
  'Box',
  'Button',
  'Card',
  'CardContent',
  'CardHeader',
  'Checkbox',
  'Chip',
  'CircularProgress',
  'Container',
  'CssBaseline',
  'Dialog',
  'DialogActions',
  'DialogContent',
  'DialogContentText',
  'DialogTitle',
  'Divider',
  'FormControlLabel',
  'FormLabel',
  'IconButton',
  'LinearProgress',
  'Link',
  'MenuItem',
  'Paper',
  'Popover',
  'Popper',
  'Stack',
  'SvgIcon',
  'Table',
  'TableBody',
  'TableCell',
  'TableContainer',
  'TableHead',
  'TableRow',
  'TextField',
  'ToggleButton',
  'ToggleButtonGroup',
  'Toolbar',
  'Tooltip',
  'Typography',
  'styles',
  'useMediaQuery',
]);

/**
 * Every shared module: the share key and the npm package whose version it carries. A key ending
 * in `/` is a prefix: `react-dom/` covers `react-dom/client`, `@mui/material/` covers deep imports
 * such as `@mui/material/Box` (ui-kit uses them). All are singletons: one React, one MUI/emotion
 * theme context, one notistack queue (the shell's toaster), one market-data hub with its refcounts.
 */
const SHARED_MODULES = Object.freeze([
  { key: 'react', packageName: 'react' },
  { key: 'react/jsx-runtime', packageName: 'react' },
  { key: 'react/jsx-dev-runtime', packageName: 'react' },
  { key: 'react-dom', packageName: 'react-dom' },
  { key: 'react-dom/', packageName: 'react-dom' },
  { key: 'react-router', packageName: 'react-router' },
  { key: 'react-router-dom', packageName: 'react-router-dom' },
  { key: '@mui/material', packageName: '@mui/material' },
  { key: '@mui/material/', packageName: '@mui/material' },
  // Named one by one as well: a prefix key provides only what the app itself imports, so the
  // shell would not provide the components only a remote uses (Card, Table, …) and the remote
  // would fetch its own copies in a second wave of requests after its entry. Named keys are
  // provided by every app, so the shell's vendor chunk holds them all.
  ...MUI_COMPONENTS.map((name) => ({ key: `@mui/material/${name}`, packageName: '@mui/material' })),
  { key: '@emotion/react', packageName: '@emotion/react' },
  { key: '@emotion/styled', packageName: '@emotion/styled' },
  { key: 'notistack', packageName: 'notistack' },
  { key: 'rxjs', packageName: 'rxjs' },
  { key: '@pairwatch/market-data', packageName: '@pairwatch/market-data' },
  { key: '@pairwatch/ui-kit', packageName: '@pairwatch/ui-kit' },
]);

/** The npm packages behind {@link SHARED_MODULES}, each once: every federated app must depend on all of them. */
const SHARED_PACKAGES = Object.freeze([...new Set(SHARED_MODULES.map((m) => m.packageName))]);

/**
 * Reads the version of a package as installed for an app (pnpm links each direct dependency into
 * the app's own `node_modules`, so this is exactly the copy the app's build bundles).
 */
function installedVersion(appDir, packageName) {
  const file = path.join(appDir, 'node_modules', packageName, 'package.json');
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `federationShared: cannot read ${file} (${error.message}); run \`pnpm install\` at the repository root.`,
    );
  }
  if (typeof manifest.version !== 'string' || manifest.version === '') {
    throw new Error(
      `federationShared: ${file} has no "version", so Module Federation cannot share it.`,
    );
  }
  return manifest.version;
}

/**
 * Turns a dependency range from package.json into a semver range MF understands. `workspace:*`
 * (and `workspace:^`/`workspace:~`) is not semver: MF's normalizeVersion would drop it and share
 * the package with no version check, so it becomes `^<installed version>`.
 */
function requiredRange(declared, installed) {
  if (declared.startsWith('workspace:')) {
    const rest = declared.slice('workspace:'.length);
    if (rest === '*' || rest === '^' || rest === '~' || rest === '') return `^${installed}`;
    return rest;
  }
  return declared;
}

/**
 * Builds the `shared` option of `ModuleFederationPlugin` for one federated app.
 *
 * @param {{ name?: string, dependencies?: Record<string, string>, devDependencies?: Record<string, string>, peerDependencies?: Record<string, string> }} packageJson
 *   the app's package.json (its declared ranges become the `requiredVersion`s).
 * @param {{ appDir: string }} options - the app's folder, where the installed versions are read.
 * @returns {Record<string, { singleton: true, requiredVersion: string, version: string, strictVersion: false }>}
 * @throws when the app does not declare one of the shared packages, or it is not installed.
 * @example
 *   shared: federationShared(require('./package.json'), { appDir: __dirname })
 */
function federationShared(packageJson, options) {
  if (packageJson == null || typeof packageJson !== 'object') {
    throw new TypeError(
      'federationShared: expected the app package.json object as the first argument.',
    );
  }
  if (options == null || typeof options.appDir !== 'string') {
    throw new TypeError(
      'federationShared: expected { appDir } (the folder of the app being built).',
    );
  }
  const declared = {
    ...(packageJson.peerDependencies ?? {}),
    ...(packageJson.devDependencies ?? {}),
    ...(packageJson.dependencies ?? {}),
  };
  const missing = SHARED_PACKAGES.filter((name) => typeof declared[name] !== 'string');
  if (missing.length > 0) {
    throw new Error(
      `federationShared: ${packageJson.name ?? options.appDir} must declare ${missing.join(', ')} in ` +
        'its dependencies: every federated app shares the same singletons (tools/mf/README.md).',
    );
  }
  const shared = {};
  for (const { key, packageName } of SHARED_MODULES) {
    const version = installedVersion(options.appDir, packageName);
    shared[key] = {
      singleton: true,
      // One copy wins (the highest); a mismatch logs MF's "Unsatisfied version" warning instead of
      // breaking the page, and the e2e suite checks that exactly one copy is loaded.
      strictVersion: false,
      requiredVersion: requiredRange(declared[packageName], version),
      version,
      packageName,
    };
  }
  return shared;
}

module.exports = { federationShared, SHARED_MODULES, SHARED_PACKAGES };
