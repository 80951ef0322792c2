// The public surface: what the api, the e2e harness and the scripts use. Everything else is
// internal, so it can change without breaking them.
export { startExchangeSim } from './startExchangeSim';
export { type ExchangeSimOptions, type ExchangeSimHandle } from './server/ExchangeSimServer';
