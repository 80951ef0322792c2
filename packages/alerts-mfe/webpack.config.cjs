// The Alerts remote: container `alerts_mfe`, exposing `./AlertsRoute`; the shared wiring
// (shared singletons, manifest, publicPath 'auto', dev server) comes from tools/mf.
const { createFederatedConfig } = require('../../tools/mf/createFederatedConfig.cjs');
const { symbolIconPatterns } = require('../../tools/mf/symbolIconPatterns.cjs');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'alerts_mfe',
  port: 8081,
  exposes: { './AlertsRoute': './src/exposed/AlertsRoute.tsx' },
  title: 'Pairwatch — Alerts (standalone)',
  copy: symbolIconPatterns(__dirname),
});
