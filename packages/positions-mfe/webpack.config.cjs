// The Positions remote: container `positions_mfe`, exposing `./PositionsRoute`; the shared wiring
// (shared singletons, manifest, publicPath 'auto', dev server) comes from tools/mf.
const { createFederatedConfig } = require('../../tools/mf/createFederatedConfig.cjs');
// The logos of ui-kit's icon set at /icons/<asset>.svg, for the standalone page (inside the shell,
// the shell's own copy answers).
const { assetIconCopyPatterns } = require('@pairwatch/ui-kit/assetIconCopyPatterns');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'positions_mfe',
  port: 8082,
  exposes: { './PositionsRoute': './src/exposed/PositionsRoute.tsx' },
  title: 'Pairwatch — Positions (standalone)',
  copy: assetIconCopyPatterns(),
});
