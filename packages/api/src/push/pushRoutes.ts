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
import { canonicalEndpoint } from './canonicalEndpoint';
import { ClientCreationBudget } from './ClientCreationBudget';

/** Options of {@link pushRoutes}. */
export interface PushRoutesOptions {
  readonly store: AlertStore;
  /** Tells every api process (and so the alert engine) about a committed change; never rejects. */
  readonly announce: (event: ClusterEvent) => Promise<void>;
  /** The VAPID application server key, base64url. */
  readonly publicKey: string;
  /** `PUSH_ALLOW_PRIVATE_ENDPOINTS`: accept endpoints in the api's own network (tests only). */
  readonly allowPrivateEndpoints: boolean;
  readonly limiter: WriteRateLimiter;
  readonly now: () => number;
  /** `MAX_PUSH_SUBSCRIPTIONS`: a new browser is refused once this many are stored. */
  readonly maxSubscriptions: number;
  /**
   * `PUSH_SUBSCRIPTIONS_PER_CLIENT` (default {@link ClientCreationBudget.DEFAULT_PER_CLIENT}):
   * the live subscriptions (and `POST /owners` owners) one IPv4 address or IPv6 /64 may have
   * created; it may create as many an hour. Unused when `creationBudget` is given.
   */
  readonly maxSubscriptionsPerClient?: number;
  /** The per-client budget, shared with `POST /owners`; default: one made here. */
  readonly creationBudget?: ClientCreationBudget;
  /** Told of each subscription saved (the transport prepares its first message ahead). */
  readonly onSaved?: (keys: PushSubscriptionKeys) => void;
}

/** Browsers' endpoints are a few hundred characters; this leaves room. */
const MAX_ENDPOINT_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const AUTH_SECRET_BYTES = 16;

/** Loopback hosts, where the tests' local push service runs. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

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
  const url = canonicalEndpoint(endpoint);
  const privateHost = allowPrivateEndpoints ? undefined : privateHostReason(url.hostname);
  if (privateHost !== undefined) {
    throw invalid(
      `endpoint must be a public push service; its host is ${privateHost} (${quoteInput(url.hostname)}).`,
    );
  }
  // Push services listen on 443 only; another port is some other service (issue #27). The local
  // push service of the tests listens on loopback, on a port of its own.
  if (url.port !== '' && !(allowPrivateEndpoints && isLoopback(url.hostname))) {
    throw invalid(`endpoint must use the https port 443, not ${url.port}.`);
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
  return { endpoint: url.href, p256dh: p256dh.replace(/=+$/, ''), auth: auth.replace(/=+$/, '') };
}

function conflict(): ApiProblem {
  return new ApiProblem(
    'SUBSCRIPTION_CONFLICT',
    'This push endpoint is already registered with other keys. Unsubscribe from push in the browser and subscribe again to get a new endpoint.',
  );
}

/**
 * `GET /push/public-key`, `POST /push/subscriptions` (the same endpoint, compared in its canonical
 * spelling, always gets the same id: 201 when new, 200 when known, whatever the limits, which
 * bound only new browsers; a push channel of `ownerId`, or of a new owner whose id is the
 * subscription id) and `DELETE /push/subscriptions/{id}` (an owner left without channels goes
 * with its alerts; a malformed id is a 400, an unknown one a 204).
 */
export const pushRoutes: FastifyPluginAsync<PushRoutesOptions> = async (app, options) => {
  const { store, announce, limiter } = options;
  const guardedLookup = createGuardedLookup();
  const budget =
    options.creationBudget ??
    new ClientCreationBudget({
      store,
      perClient: options.maxSubscriptionsPerClient ?? ClientCreationBudget.DEFAULT_PER_CLIENT,
      now: options.now,
    });

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
      const rawOwner = (request.body as { ownerId?: unknown }).ownerId;
      let ownerId: string | undefined;
      if (rawOwner !== undefined && rawOwner !== null) {
        ownerId = wellFormedId(rawOwner);
        if (ownerId === undefined) {
          throw invalid('ownerId must be the id POST /owners gave you, or left out.');
        }
      }
      const standing = await store.subscriptionStanding(keys);
      if (standing === 'conflict') throw conflict();
      // A browser already known is always answered: the limits bound new rows, and refusing the
      // ones registered would let whoever fills the table cut everyone else's alerts off.
      let createdBy: string | undefined;
      if (standing === 'unknown') {
        // Checked before the insert (so a burst may pass them by a few): bounds on the table's
        // growth, not exact quotas. The client's own first, so that one address or IPv6 /64
        // cannot fill the global one.
        createdBy = await budget.claim(request);
        if ((await store.countSubscriptions()) >= options.maxSubscriptions) {
          throw new ApiProblem(
            'SUBSCRIPTION_LIMIT_REACHED',
            'This service cannot take more browsers for push notifications right now. Please try again later.',
            3600,
          );
        }
      }
      const saved = await store.saveSubscription(
        keys,
        randomId(),
        options.now() as UnixMillis,
        ownerId,
        createdBy,
      );
      if (saved === 'conflict') throw conflict();
      options.onSaved?.(keys);
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
      // Not awaited, as for an alert deleted on its own (alertsRoutes).
      if (alertIds) void announce({ kind: 'deleted', alertIds });
      // Idempotent: deleting an unknown or already deleted subscription is not an error.
      return reply.code(204).send();
    },
  );
};
