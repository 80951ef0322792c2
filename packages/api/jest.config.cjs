const path = require('node:path');
const { jestConfig } = require('../../jest.base.cjs');

module.exports = {
  ...jestConfig({
    testTimeout: 15000,
    // The signalr-server testing entry (`waitFor`) from its sources, like the package roots.
    moduleNameMapper: {
      '^@pairwatch/signalr-server/testing$': path.join(
        __dirname,
        '../signalr-server/src/testing/index.ts',
      ),
    },
  }),
  // Packages that ship ES modules only, which jest on Node 20 cannot require(): SWC compiles them.
  // light-my-request (Fastify's inject) requires `cookie`; the alert store uses `kysely`.
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/(cookie|kysely)@|(cookie|kysely)/)'],
};
