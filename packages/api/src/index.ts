// `@pairwatch/api` is a program (`dist/server.js`), not a library: no package, script, bench or
// e2e test imports this entry point, so it exports nothing. Tests and benches import modules by
// path; the e2e harness uses the `@pairwatch/api/testing` entry (src/testing/index.ts). Export a
// name here when something outside this package needs it, and only then.
export {};
