const { jestConfig } = require('../../jest.base.cjs');

module.exports = jestConfig({});
