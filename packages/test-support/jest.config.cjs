const { jestConfig } = require('../../jest.base.cjs');

// The stand-ins are real servers on loopback (HTTPS with a certificate made at start).
module.exports = jestConfig({ testTimeout: 15000 });
