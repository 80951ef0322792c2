const path = require('node:path');
const { jestConfig } = require('../../jest.base.cjs');

module.exports = {
  ...jestConfig({
    environment: 'jsdom',
    setupFilesAfterEnv: ['<rootDir>/src/test-support/setupTests.ts'],
    // The screen tests drive MUI dialogs with user-event; on a busy 2-core machine one can take
    // several seconds, so the limit is a hang detector, not a timing assertion.
    testTimeout: 15000,
  }),
  testEnvironment: path.join(__dirname, 'jest.environment.cjs'),
};
