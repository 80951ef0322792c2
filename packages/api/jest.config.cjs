const { jestConfig } = require('../../jest.base.cjs');

const base = jestConfig({});

module.exports = {
  ...base,
  // kysely ships ES modules only; jest on Node 20 cannot require() them, so SWC turns them into
  // CommonJS like our own sources (Node itself loads them natively at run time).
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/kysely@[^/]+/node_modules/)?kysely/)'],
};
