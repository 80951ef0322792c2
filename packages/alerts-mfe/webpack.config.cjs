// The Alerts remote: container `alerts_mfe`, exposing `./AlertsRoute` and `./firstChart`; the shared wiring
// (shared singletons, manifest, publicPath 'auto', dev server) comes from tools/mf.
const { createFederatedConfig } = require('../../tools/mf/createFederatedConfig.cjs');
const { symbolIconPatterns } = require('../../tools/mf/symbolIconPatterns.cjs');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'alerts_mfe',
  port: 8081,
  exposes: {
    './AlertsRoute': './src/exposed/AlertsRoute.tsx',
    // React-free: the shell has it draw the first chart before React loads (docs/architecture.md §2).
    './firstChart': './src/exposed/firstChart.ts',
  },
  title: 'Pairwatch — Alerts (standalone)',
  copy: symbolIconPatterns(__dirname),
});
