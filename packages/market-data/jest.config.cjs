const { jestConfig } = require('../../jest.base.cjs');

// Node, not jsdom: the client needs no DOM, and its fetch and hub connection are injected.
module.exports = jestConfig({ environment: 'node' });
