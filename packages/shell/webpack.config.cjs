// The shell: the federation host (tools/mf/createFederatedConfig.cjs) plus the service worker,
// built on its own into dist/sw.js (no federation runtime in a worker).
const { createHash } = require('node:crypto');
const path = require('node:path');
const webpack = require('webpack');
const { createFederatedConfig } = require('../../tools/mf/createFederatedConfig.cjs');
// Every logo of ui-kit's icon set, as /icons/<asset>.svg (domain's assetIconFile names them).
const { assetIconCopyPatterns } = require('@pairwatch/ui-kit/assetIconCopyPatterns');

const federatedHost = createFederatedConfig({
  appDir: __dirname,
  name: 'shell',
  port: 8080,
  title: 'Pairwatch',
  runtimePlugins: [
    path.join(__dirname, 'src/exposed/remoteErrorPlugin.ts'),
    path.join(__dirname, 'src/exposed/announcedCodePlugin.ts'),
  ],
  copy: assetIconCopyPatterns(),
  // The static first screen's sizes and colours, generated from createPairwatchTheme and held to
  // it by ui-kit's firstScreenTheme.test.ts: a theme change reaches the page's HTML.
  templateParameters: { frame: require('@pairwatch/ui-kit/firstScreenTheme.json').frame },
});

/**
 * What the host build emitted that a page of the app loads (its scripts, the web app manifest and
 * its icons, the ten default pairs' logos): the service worker keeps exactly these for offline
 * starts. Not the other coin logos under icons/ (~1,800 of them, 4.8 MiB: the worker keeps each as
 * it is shown), not the source maps and licence texts, not the generated app-config.json (the
 * server's own is kept at run time) and not dist/types, which tsc writes beside the build.
 */
const OFFLINE_ASSET =
  /^(?!types\/)(?!icons\/)(?!.*\.(map|LICENSE\.txt)$)(?!mf-stats\.json$)(?!app-config\.json$)(?!index\.html$)/;

/** `icons/<file>` of the ten default pairs' logos (domain's built catalogue names them). */
const DEFAULT_PAIR_ICONS = (() => {
  const domain = require('@pairwatch/domain');
  return new Set(
    domain.DEFAULT_SYMBOLS.map((symbol) =>
      domain.assetIconFile(domain.DEFAULT_SYMBOL_CATALOGUE[symbol].baseAsset),
    )
      .filter((file) => file !== undefined)
      .map((file) => `icons/${file}`),
  );
})();

/** The last host build's offline files and their id; read by the worker's build, which runs after it. */
const hostBuild = { id: 'unbuilt', assets: /** @type {string[]} */ ([]) };

/** Records what the host compilation emitted, with an id that changes whenever any of it does. */
class RecordHostBuild {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.emit.tap('RecordHostBuild', (compilation) => {
      const hash = createHash('sha256');
      // Scripts the page can load: the entry's and every chunk reachable from it. The build emits
      // others (Module Federation's CommonJS copies for Node), which no page ever asks for.
      const reachable = new Set();
      for (const chunk of compilation.entrypoints.get('main')?.chunks ?? []) {
        for (const file of chunk.files) reachable.add(file);
        for (const async of chunk.getAllAsyncChunks()) {
          for (const file of async.files) reachable.add(file);
        }
      }
      const assets = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => OFFLINE_ASSET.test(name) || DEFAULT_PAIR_ICONS.has(name))
        .filter((name) => !name.endsWith('.js') || reachable.has(name))
        .sort();
      for (const name of [...assets, 'index.html']) {
        const source = compilation.getAsset(name)?.source.buffer();
        hash
          .update(name)
          .update('\0')
          .update(source ?? '')
          .update('\0');
      }
      hostBuild.id = hash.digest('hex').slice(0, 16);
      hostBuild.assets = assets.map((name) => `/${name}`);
    });
  }
}

function host(env, argv) {
  const config = federatedHost(env, argv);
  return { ...config, plugins: [...config.plugins, new RecordHostBuild()] };
}

function serviceWorker(_env, argv = {}) {
  const production = argv.mode !== 'development';
  return {
    name: 'service-worker',
    context: __dirname,
    mode: production ? 'production' : 'development',
    target: 'webworker',
    devtool: 'source-map',
    entry: { sw: './src/serviceWorker/sw.ts' },
    // After the host: the host's output.clean empties dist/ first.
    dependencies: ['shell'],
    output: { path: path.join(__dirname, 'dist'), filename: '[name].js', clean: false },
    // The workspace packages' sources (ES modules), as the host and the remotes take them
    // (tools/mf): their CommonJS builds cannot be tree-shaken, and `isSymbolId` alone brought
    // the whole domain package, yup and the logo table into the worker (97 KB, evaluated at each
    // start of the worker, which a returning visit waits for).
    resolve: { extensions: ['.ts', '.js'], conditionNames: ['source', '...'] },
    plugins: [
      // The host build this worker serves offline, so a new shell build is a new sw.js: the
      // browser installs it beside the old one and the page offers "New version — Reload".
      // Evaluated when this compilation runs, after the host's (dependencies below).
      new webpack.DefinePlugin({
        __SHELL_BUILD__: webpack.DefinePlugin.runtimeValue(() => JSON.stringify(hostBuild), true),
      }),
    ],
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          },
        },
      ],
    },
  };
}

module.exports = [host, serviceWorker];
