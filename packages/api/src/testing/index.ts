// `@pairwatch/api/testing`: a Web Push service for tests and benchmarks, kept out of the product's
// entry point. It needs the api's devDependencies (`selfsigned`).
export {
  LocalPushService,
  type LocalPushSubscription,
  type ReceivedPush,
  type PushAttempt,
  type PlannedFailure,
} from './LocalPushService';
export { decryptAes128gcm, type PushReceiverKeys } from './decryptAes128gcm';
export {
  verifyVapidAuthorization,
  type VerifiedVapid,
  type RejectedVapid,
} from './verifyVapidAuthorization';
