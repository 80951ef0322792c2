import { type UnixMillis } from '@pairwatch/domain';
import { type FastifyPluginAsync } from 'fastify';
import { randomId, wellFormedId } from '../storage/recordId';
import { redactedRequestLog } from '../http/redactedRequestLog';
import { type WriteRateLimiter } from '../http/WriteRateLimiter';
import { type ClusterEvent } from '../cluster/ClusterEvent';
import { ApiProblem } from '../errors/ApiProblem';
import { quoteInput } from '../errors/quoteInput';
import { createGuardedLookup, PrivateAddressError, privateHostReason } from './privateAddresses';
import { p256PublicKeyFromRaw } from './p256PublicKeyFromRaw';
import { type AlertStore, type PushSubscriptionKeys } from '../storage/AlertStore';

/** Options of {@link pushRoutes}. */
export interface PushRoutesOptions {
  readonly store: AlertStore;
  /** Tells every api process (and so the alert engine) about a committed change. */
  readonly announce: (event: ClusterEvent) => Promise<void>;
  /** The VAPID application server key, base64url. */
  readonly publicKey: string;
  /** `PUSH_ALLOW_PRIVATE_ENDPOINTS`: accept endpoints in the api's own network (tests only). */
  readonly allowPrivateEndpoints: boolean;
  readonly limiter: WriteRateLimiter;
  readonly now: () => number;
  /** `MAX_PUSH_SUBSCRIPTIONS`: a new browser is refused once this many are stored. */
  readonly maxSubscriptions: number;
}

/** Browsers' endpoints are a few hundred characters; this leaves room. */
const MAX_ENDPOINT_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const AUTH_SECRET_BYTES = 16;

function invalid(detail: string): ApiProblem {
  return new ApiProblem('INVALID_PUSH_SUBSCRIPTION', detail);
}

/**
 * Checks a browser `PushSubscription` JSON; the error names the bad field and why. The api POSTs
 * to the endpoint (with retries), so one in its own network is refused unless allowed.
 */
function parseSubscription(body: unknown, allowPrivateEndpoints: boolean): PushSubscriptionKeys {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid(
      'Send the browser’s PushSubscription as JSON: { endpoint, keys: { p256dh, auth } }.',
    );
  }
  const { endpoint, keys } = body as {
    endpoint?: unknown;
    keys?: { p256dh?: unknown; auth?: unknown } | null;
  };
  if (typeof endpoint !== 'string' || endpoint.length > MAX_ENDPOINT_LENGTH) {
    throw invalid(`endpoint must be a URL of at most ${MAX_ENDPOINT_LENGTH} characters.`);
  }
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalid('endpoint is not a URL.');
  }
  if (url.protocol !== 'https:')
    throw invalid(`endpoint must be an https:// URL, got ${url.protocol}//.`);
  const privateHost = allowPrivateEndpoints ? undefined : privateHostReason(url.hostname);
  if (privateHost !== undefined) {
    throw invalid(
      `endpoint must be a public push service; its host is ${privateHost} (${quoteInput(url.hostname)}).`,
    );
  }
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  if (typeof p256dh !== 'string' || !BASE64URL.test(p256dh))
    throw invalid('keys.p256dh must be a base64url string.');
  if (typeof auth !== 'string' || !BASE64URL.test(auth))
    throw invalid('keys.auth must be a base64url string.');
  try {
    p256PublicKeyFromRaw(Buffer.from(p256dh, 'base64url'));
  } catch (error: unknown) {
    throw invalid(`keys.p256dh is not a P-256 public key: ${(error as Error).message}.`);
  }
  const authBytes = Buffer.from(auth, 'base64url').length;
  if (authBytes !== AUTH_SECRET_BYTES) {
    throw invalid(`keys.auth must be ${AUTH_SECRET_BYTES} bytes, got ${authBytes}.`);
  }
  return { endpoint, p256dh: p256dh.replace(/=+$/, ''), auth: auth.replace(/=+$/, '') };
}

/**
 * `GET /push/public-key`, `POST /push/subscriptions` (the same endpoint always gets the same id:
 * 201 when new, 200 when known; a push channel of `ownerId`, or of a new owner whose id is the
 * subscription id) and `DELETE /push/subscriptions/{id}` (an owner left without channels goes
 * with its alerts; a malformed id is a 400, an unknown one a 204).
 */
export const pushRoutes: FastifyPluginAsync<PushRoutesOptions> = async (app, options) => {
  const { store, announce, limiter } = options;
  const guardedLookup = createGuardedLookup();

  app.get('/push/public-key', async () => ({ publicKey: options.publicKey }));

  app.post(
    '/push/subscriptions',
    { ...redactedRequestLog, preHandler: limiter.preHandler, bodyLimit: 8192 },
    async (request, reply) => {
      const keys = parseSubscription(request.body, options.allowPrivateEndpoints);
      if (!options.allowPrivateEndpoints) {
        const { hostname } = new URL(keys.endpoint);
        const reason = await new Promise<string | undefined>((resolve) =>
          guardedLookup(hostname, {}, (error) =>
            // A host that does not resolve now is left to the check on every connection.
            resolve(error instanceof PrivateAddressError ? error.reason : undefined),
          ),
        );
        if (reason !== undefined) {
          throw invalid(`endpoint must be a public push service; its host resolves to ${reason}.`);
        }
      }
      // Checked before the insert (so a burst may pass it by a few): a bound on the table's
      // growth, not an exact quota. A browser already known is refused too while it is full.
      if ((await store.countSubscriptions()) >= options.maxSubscriptions) {
        throw new ApiProblem(
          'SUBSCRIPTION_LIMIT_REACHED',
          'This service cannot take more browsers for push notifications right now. Please try again later.',
          3600,
        );
      }
      const rawOwner = (request.body as { ownerId?: unknown }).ownerId;
      let ownerId: string | undefined;
      if (rawOwner !== undefined && rawOwner !== null) {
        ownerId = wellFormedId(rawOwner);
        if (ownerId === undefined) {
          throw invalid('ownerId must be the id POST /owners gave you, or left out.');
        }
      }
      const saved = await store.saveSubscription(
        keys,
        randomId(),
        options.now() as UnixMillis,
        ownerId,
      );
      if (saved === 'conflict') {
        throw new ApiProblem(
          'SUBSCRIPTION_CONFLICT',
          'This push endpoint is already registered with other keys. Unsubscribe from push in the browser and subscribe again to get a new endpoint.',
        );
      }
      return reply
        .code(saved.created ? 201 : 200)
        .send({ subscriptionId: saved.subscriptionId, ownerId: saved.ownerId });
    },
  );

  app.delete<{ Params: { subscriptionId: string } }>(
    '/push/subscriptions/:subscriptionId',
    { ...redactedRequestLog, preHandler: limiter.preHandler },
    async (request, reply) => {
      const subscriptionId = wellFormedId(request.params.subscriptionId);
      if (subscriptionId === undefined) {
        throw new ApiProblem(
          'VALIDATION_FAILED',
          // Not echoed: it may be a real id with a typo, and ids are credentials.
          'That is not a push subscription id: use the subscriptionId POST /push/subscriptions gave this browser.',
        );
      }
      const alertIds = await store.deleteSubscription(subscriptionId);
      if (alertIds) await announce({ kind: 'deleted', alertIds });
      // Idempotent: deleting an unknown or already deleted subscription is not an error.
      return reply.code(204).send();
    },
  );
};
