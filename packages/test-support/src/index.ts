// `@pairwatch/test-support`: stand-in servers for tests and benchmarks, never part of the product.
// It exports what other packages import (knip checks that nothing here goes unused); what only
// the stand-ins need stays inside.
export {
  LocalPushService,
  type LocalPushSubscription,
  type ReceivedPush,
} from './LocalPushService';
export { createSelfSignedCertificate } from './createSelfSignedCertificate';
export { decryptAes128gcm } from './decryptAes128gcm';
export { WebhookReceiver, type ReceivedWebhook } from './WebhookReceiver';
export { verifyPairwatchSignature } from './verifyPairwatchSignature';
export { TelegramBotApiStandIn } from './TelegramBotApiStandIn';
export { ShapedLink, type LinkShape, type LocalServe } from './ShapedLink';
