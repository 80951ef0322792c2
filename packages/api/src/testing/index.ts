// `@pairwatch/api/testing`: a Web Push service for tests and benchmarks, kept out of the product's
// entry point. It needs the api's devDependencies (`selfsigned`). It exports what the e2e harness
// imports; the api's own tests and benches import the modules by path.
export {
  LocalPushService,
  type LocalPushSubscription,
  type ReceivedPush,
} from './LocalPushService';
