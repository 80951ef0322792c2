const { jestConfig } = require('../../jest.base.cjs');

// The integration tests run real servers and the official client with short (sub-second) timings.
module.exports = jestConfig({ testTimeout: 15000 });
