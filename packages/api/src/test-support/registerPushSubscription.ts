import { type LocalPushService } from '@pairwatch/test-support';

/**
 * Registers a fresh subscription of the local push service with the api, as a browser enabling
 * notifications does; returns the api's subscription id and the endpoint pushes will reach.
 *
 * @param headers - e.g. `x-forwarded-for`, to appear as a client of its own behind a proxy.
 */
export async function registerPushSubscription(
  apiUrl: string,
  push: LocalPushService,
  headers: Readonly<Record<string, string>> = {},
): Promise<{ subscriptionId: string; endpoint: string }> {
  const subscription = push.createSubscription();
  const response = await fetch(`${apiUrl}/push/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(subscription),
  });
  if (response.status !== 201) {
    throw new Error(
      `POST /push/subscriptions answered ${response.status}: ${await response.text()}`,
    );
  }
  const { subscriptionId } = (await response.json()) as { subscriptionId: string };
  return { subscriptionId, endpoint: subscription.endpoint };
}
