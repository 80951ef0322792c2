const { jestConfig } = require('../../jest.base.cjs');

module.exports = jestConfig({
  environment: 'jsdom',
  moduleNameMapper: {
    // lightweight-charts is ESM-only and draws on a canvas: unit tests use a recording stand-in.
    '^lightweight-charts$': '<rootDir>/src/test-support/lightweightChartsMock.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/src/test-support/setupTests.ts'],
});
