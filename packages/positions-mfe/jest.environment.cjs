// jsdom, plus the structuredClone that jsdom lacks and IndexedDB (fake-indexeddb) needs to store
// values, taken from Node as a real browser has it natively.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithStructuredClone extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.structuredClone = structuredClone;
  }
}

module.exports = JsdomWithStructuredClone;
