const { jestConfig } = require('../../jest.base.cjs');

module.exports = jestConfig({
  environment: 'jsdom',
  moduleNameMapper: {
    // lightweight-charts is ESM-only and draws on a canvas: unit tests use a recording stand-in.
    '^lightweight-charts$': '<rootDir>/src/test-support/lightweightChartsMock.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/src/test-support/setupTests.ts'],
  // The screen tests type into MUI forms with user-event; on a busy 2-core machine one took over
  // 5 s in a CI run, so the limit is a hang detector, not a timing assertion (as in positions-mfe).
  testTimeout: 15000,
});
