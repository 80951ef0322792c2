// The Alerts remote: container `alerts_mfe`, exposing `./AlertsRoute` and `./firstChart`; the shared wiring
// (shared singletons, manifest, publicPath 'auto', dev server) comes from tools/mf.
const { createFederatedConfig } = require('../../tools/mf/createFederatedConfig.cjs');
// The logos of ui-kit's icon set at /icons/<asset>.svg, for the standalone page (inside the shell,
// the shell's own copy answers).
const { assetIconCopyPatterns } = require('@pairwatch/ui-kit/assetIconCopyPatterns');

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
  copy: assetIconCopyPatterns(),
});
