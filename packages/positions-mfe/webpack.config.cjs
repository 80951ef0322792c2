// The Positions remote: container `positions_mfe`, exposing `./PositionsRoute`; the shared wiring
// (shared singletons, manifest, publicPath 'auto', dev server) comes from tools/mf.
const { createFederatedConfig } = require('../../tools/mf/createFederatedConfig.cjs');
const { symbolIconPatterns } = require('../../tools/mf/symbolIconPatterns.cjs');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'positions_mfe',
  port: 8082,
  exposes: { './PositionsRoute': './src/exposed/PositionsRoute.tsx' },
  title: 'Pairwatch — Positions (standalone)',
  copy: symbolIconPatterns(__dirname),
});
