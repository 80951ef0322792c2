// The shell: the federation host (tools/mf/createFederatedConfig.cjs) plus the service worker,
// built on its own into dist/sw.js (no federation runtime in a worker).
const path = require('node:path');
const { createFederatedConfig } = require('../../tools/mf/createFederatedConfig.cjs');
const { symbolIconPatterns } = require('../../tools/mf/symbolIconPatterns.cjs');

const host = createFederatedConfig({
  appDir: __dirname,
  name: 'shell',
  port: 8080,
  title: 'Pairwatch',
  runtimePlugins: [path.join(__dirname, 'src/exposed/remoteErrorPlugin.ts')],
  copy: symbolIconPatterns(__dirname),
  // The static first screen's sizes and colours, generated from createPairwatchTheme and held to
  // it by ui-kit's firstScreenTheme.test.ts: a theme change reaches the page's HTML.
  templateParameters: { frame: require('@pairwatch/ui-kit/firstScreenTheme.json').frame },
});

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
    resolve: { extensions: ['.ts', '.js'] },
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
