// `@pairwatch/signalr-server/testing`: helpers for the tests of this package and of the packages
// that build hubs on it, kept out of the main entry point.
export { waitFor } from './waitFor';
