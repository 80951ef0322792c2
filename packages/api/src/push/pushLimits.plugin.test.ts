import { describe, expect, it } from '@jest/globals';
import { type UnixMillis } from '@pairwatch/domain';
import { setUpAlertsApp } from '../test-support/setUpAlertsApp';

// Issue #27 item 1, through the alerts plugin: its periodic purge removes the push subscriptions
// nobody uses (SUBSCRIPTION_IDLE_DAYS), and GET /alerts and a re-posted browser count as visits;
// POST /owners and new browsers share one budget per client (PUSH_SUBSCRIPTIONS_PER_CLIENT).

const DAY = 86_400_000;
const NOW = 1_750_000_000_000;

/** Polls until `condition` holds (the purge at start runs in the background). */
async function eventually(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await condition()); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const alerts = setUpAlertsApp({ now: NOW, history: () => undefined });

describe('the alerts plugin: idle push subscriptions expire', () => {
  it('purges a browser unseen for SUBSCRIPTION_IDLE_DAYS, and keeps one seen since', async () => {
    const push = alerts.push;
    const idle = push.createSubscription();
    const seen = push.createSubscription();
    await alerts.store.saveSubscription(
      { endpoint: idle.endpoint, p256dh: idle.keys.p256dh, auth: idle.keys.auth },
      'idle-subscription-000001',
      (NOW - 11 * DAY) as UnixMillis,
    );
    await alerts.store.saveSubscription(
      { endpoint: seen.endpoint, p256dh: seen.keys.p256dh, auth: seen.keys.auth },
      'seen-subscription-000001',
      (NOW - 11 * DAY) as UnixMillis,
    );
    await alerts.store.markOwnerSeen('seen-subscription-000001', (NOW - 9 * DAY) as UnixMillis);

    // The purge runs when the app is ready (and every hour after).
    await alerts.build({ config: { subscriptionIdleDays: 10 } });

    await eventually(async () => (await alerts.store.countSubscriptions()) === 1);
    expect(await alerts.store.findSubscription('idle-subscription-000001')).toBeUndefined();
    expect(await alerts.store.ownerExists('idle-subscription-000001')).toBe(false);
    expect(await alerts.store.findSubscription('seen-subscription-000001')).toBeDefined();
  });

  it('counts GET /alerts and a re-posted browser as visits', async () => {
    await alerts.build({ config: { subscriptionIdleDays: 10 } });
    const listed = await alerts.subscribe();
    const reposted = alerts.push.createSubscription();
    const first = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: reposted,
    });
    expect(first.statusCode).toBe(201);
    const never = await alerts.subscribe();

    alerts.clock = NOW + 20 * DAY;
    await alerts.listAlerts(listed.subscriptionId);
    const again = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: reposted,
    });
    expect(again.statusCode).toBe(200);

    const purged = await alerts.store.purgeIdleOwners((NOW + 15 * DAY) as UnixMillis, 100);
    expect(purged.subscriptions).toBe(1);
    expect(await alerts.store.findSubscription(never.subscriptionId)).toBeUndefined();
    expect(await alerts.store.findSubscription(listed.subscriptionId)).toBeDefined();
  });
});

describe('the alerts plugin: one creation budget per client', () => {
  it('counts POST /owners and new browsers against the same PUSH_SUBSCRIPTIONS_PER_CLIENT', async () => {
    await alerts.build({ config: { pushSubscriptionsPerClient: 2 } });
    const owner = await alerts.app.inject({ method: 'POST', url: '/owners' });
    expect(owner.statusCode).toBe(201);
    const registered = alerts.push.createSubscription();
    const browser = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: registered,
    });
    expect(browser.statusCode).toBe(201);

    const thirdOwner = await alerts.app.inject({ method: 'POST', url: '/owners' });
    const thirdBrowser = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: alerts.push.createSubscription(),
    });
    expect([thirdOwner.statusCode, thirdBrowser.statusCode]).toEqual([429, 429]);
    expect(thirdOwner.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
    expect(thirdOwner.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The browser already registered is still answered.
    const again = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: registered,
    });
    expect(again.statusCode).toBe(200);
  });
});
