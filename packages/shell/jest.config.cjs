const { jestConfig } = require('../../jest.base.cjs');

module.exports = jestConfig({
  environment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/src/test-support/setupTests.ts'],
});
