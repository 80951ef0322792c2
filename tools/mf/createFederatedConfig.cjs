// The webpack configuration every federated app of Pairwatch starts from: the shell and both
// remotes differ only in their name, exposed modules and extra files. Keeping the MF boundary in
// one place is what makes it a contract (CONTRIBUTING.md, Style).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const { federationShared } = require('./federationShared.cjs');

/** A valid JS identifier: MF uses the app name as the global container name. */
const CONTAINER_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * @typedef {object} FederatedAppOptions
 * @property {string} appDir - the app's folder (holds package.json, src/main.ts, public/).
 * @property {string} name - the MF container name, a JS identifier: `shell`, `alerts_mfe`, `positions_mfe`.
 * @property {number} port - the `webpack serve` port (the same as the app's production port).
 * @property {Record<string, string>} [exposes] - e.g. `{ './AlertsRoute': './src/exposed/AlertsRoute.tsx' }`.
 * @property {string[]} [runtimePlugins] - absolute paths of MF runtime plugin modules.
 * @property {string} [title] - the standalone page's `<title>`.
 * @property {Array<string | { from: string, to?: string }>} [copy] - extra copy-webpack-plugin patterns.
 * @property {Record<string, unknown>} [templateParameters] - values `public/index.html` reads as
 *   `<%= name.field %>` (html-webpack-plugin's lodash template), fixed at build time.
 */

/**
 * The host's shared map: every named MUI module is provided from its resolved file, so webpack
 * provides it even where the host's own code does not import it (a bare package request is
 * provided only when imported) and the remotes find it in the host.
 */
function withProvidedMui(shared, appRequire) {
  const result = { ...shared };
  for (const [key, options] of Object.entries(shared)) {
    if (!key.startsWith('@mui/material/') || key.endsWith('/')) continue;
    result[key] = { ...options, import: appRequire.resolve(key) };
  }
  return result;
}

/**
 * Returns a webpack config function (`(env, argv) => config`) for one federated app: entry
 * `src/main.ts` (which only does `import('./bootstrap')`), swc for TS/TSX, `publicPath: 'auto'`,
 * `shareStrategy: 'loaded-first'`, the shared map of {@link federationShared}, `mf-manifest.json`,
 * `public/index.html` as the page and the rest of `public/` copied as is.
 *
 * The webpack plugins are loaded from the app's own dependencies (this folder has none).
 *
 * @param {FederatedAppOptions} options
 * @returns {(env: Record<string, unknown>, argv: { mode?: string }) => import('webpack').Configuration}
 * @example
 *   // packages/alerts-mfe/webpack.config.cjs
 *   const { createFederatedConfig } = require('../../tools/mf/createFederatedConfig.cjs');
 *   module.exports = createFederatedConfig({
 *     appDir: __dirname, name: 'alerts_mfe', port: 8081,
 *     exposes: { './AlertsRoute': './src/exposed/AlertsRoute.tsx' },
 *   });
 */
function createFederatedConfig(options) {
  const {
    appDir,
    name,
    port,
    exposes = {},
    runtimePlugins = [],
    title = name,
    copy = [],
    templateParameters = {},
  } = options;
  if (!CONTAINER_NAME.test(name)) {
    throw new Error(
      `createFederatedConfig: name "${name}" must be a JS identifier (MF container name).`,
    );
  }
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(
      `createFederatedConfig: port must be an integer in 1..65535, got ${String(port)}.`,
    );
  }
  const appRequire = createRequire(path.join(appDir, 'package.json'));
  const packageJson = appRequire('./package.json');
  const { ModuleFederationPlugin } = appRequire('@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = appRequire('html-webpack-plugin');
  const CopyWebpackPlugin = appRequire('copy-webpack-plugin');

  // The shell has nothing to expose; a remote exposes its screen.
  const host = Object.keys(exposes).length === 0;
  const shared = federationShared(packageJson, { appDir });
  const publicDir = path.join(appDir, 'public');
  const template = path.join(publicDir, 'index.html');
  const hasPublic = fs.existsSync(publicDir);

  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    const copyPatterns = [
      ...(hasPublic
        ? [
            {
              from: publicDir,
              to: '.',
              globOptions: { ignore: ['**/index.html'] },
              noErrorOnMissing: true,
            },
          ]
        : []),
      ...copy,
    ];
    return {
      name,
      context: appDir,
      mode: production ? 'production' : 'development',
      devtool: 'source-map',
      entry: { main: './src/main.ts' },
      output: {
        path: path.join(appDir, 'dist'),
        // 'auto': chunks resolve relative to wherever the build is served (any origin or path).
        publicPath: 'auto',
        uniqueName: name,
        // Entry files keep stable names (the federation runtime cannot template [contenthash] for
        // them); they are small and served with no-cache. Chunks are content-hashed.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // A workspace package may point its `source` condition at its TypeScript (domain does):
        // bundled as ES modules, what an app does not import is left out (its CommonJS `dist/`
        // would ship whole, yup included).
        conditionNames: ['source', '...'],
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: appRequire.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.(png|svg|jpe?g|gif|webp|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      // NOTE: runtimeChunk 'single' breaks federation (RUNTIME-001/002).
      optimization: {
        runtimeChunk: false,
        // The host loads every shared module it provides before its first render. Left alone,
        // webpack gives each one (and each MUI component) chunks of its own: ~60 requests that
        // queue on the browser's 6 connections per origin. One chunk for all of them instead.
        // A remote keeps the default: its shared fallbacks are loaded only where the host has no
        // copy, so grouping them would download modules the host already provides.
        ...(host && production
          ? {
              splitChunks: {
                cacheGroups: {
                  sharedVendor: {
                    test: /[\\/]node_modules[\\/]/,
                    name: 'vendor',
                    chunks: 'async',
                    enforce: true,
                    priority: 10,
                  },
                },
              },
            }
          : {}),
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // Remote URLs are registered at run time by the shell (app-config.json), never built in.
          remotes: {},
          shared: host ? withProvidedMui(shared, appRequire) : shared,
          // Load remotes on demand: a remote that is down must not stall the shell's start.
          shareStrategy: 'loaded-first',
          runtimePlugins,
          // Leave out runtime code these builds never run: Node's script loading (browser only)
          // and, in a remote, loading other remotes (only the shell does). Less for every page to
          // download and compile before its first screen (pnpm bench:web).
          experiments: {
            optimization: { target: 'web', ...(host ? {} : { disableRemote: true }) },
          },
          // Types of remotes are written by hand (src/remotes.d.ts): deterministic in CI.
          dts: false,
          manifest: true,
        }),
        // The page's own script from the root: with 'auto' it would be relative, and a deep link
        // such as /alerts/x (SPA fallback) would request /alerts/main.js.
        ...(fs.existsSync(template)
          ? [
              new HtmlWebpackPlugin({
                template,
                title,
                scriptLoading: 'defer',
                publicPath: '/',
                templateParameters,
              }),
            ]
          : []),
        ...(copyPatterns.length > 0 ? [new CopyWebpackPlugin({ patterns: copyPatterns })] : []),
      ],
      devServer: {
        host: '127.0.0.1',
        port,
        historyApiFallback: true,
        // Dev only: any local shell may load this app's manifest and chunks.
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: false,
      },
      watchOptions: { ignored: ['**/node_modules/**', '**/@mf-types/**'] },
    };
  };
}

module.exports = { createFederatedConfig };
