import { expect } from '@jest/globals';
import { type Alert } from '@pairwatch/domain';
import { waitFor } from '@pairwatch/signalr-server/testing';
import { type LocalPushService } from '@pairwatch/test-support';

/**
 * How long a fault test keeps listening after the last expected push before it asserts that none
 * came twice. A second firing would come from another engine or sender pass, which run at least
 * once a second (the sender polls the outbox every 1 s); twice that is the window.
 */
export const DUPLICATE_WINDOW_MS = 2_000;

/** Where the audit reads what happened. */
export interface AlertAudit {
  readonly push: LocalPushService;
  readonly endpoint: string;
  /** Reads the subscription's alerts as the api reports them (`GET /alerts`). */
  readonly apiUrl: () => string;
  readonly subscriptionId: string;
}

/**
 * The fault suite's verdict on alerts: every alert whose condition was crossed is recorded
 * Triggered and its push reached the push service exactly once; no alert that was not crossed
 * fired. Waits up to `deliveryBoundMs` for the pushes, then {@link DUPLICATE_WINDOW_MS} for any
 * duplicate.
 */
export async function expectEachCrossedAlertFiredOnce(
  audit: AlertAudit,
  crossed: readonly Alert[],
  notCrossed: readonly Alert[],
  deliveryBoundMs: number,
): Promise<void> {
  const tags = () =>
    audit.push
      .receivedFor(audit.endpoint)
      .map((message) => (JSON.parse(message.payload) as { tag: string }).tag);
  await waitFor(
    () => crossed.every((alert) => tags().includes(alert.id)),
    `a push for each of the ${crossed.length} crossed alerts (got ${tags().length})`,
    deliveryBoundMs,
  );
  await new Promise((resolve) => setTimeout(resolve, DUPLICATE_WINDOW_MS));

  const response = await fetch(
    `${audit.apiUrl()}/alerts?subscriptionId=${encodeURIComponent(audit.subscriptionId)}`,
  );
  expect(response.status).toBe(200);
  const statuses = new Map(
    ((await response.json()) as Alert[]).map((alert) => [alert.id, alert.status]),
  );
  const byId = (alerts: readonly Alert[]) => alerts.map((alert) => alert.id).sort();
  expect(tags().sort()).toEqual(byId(crossed));
  expect(byId(crossed).map((id) => statuses.get(id))).toEqual(crossed.map(() => 'Triggered'));
  expect(byId(notCrossed).map((id) => statuses.get(id))).toEqual(notCrossed.map(() => 'Active'));
  // The suite's counts, printed in CI's log (the assertions above make them all-or-nothing).
  console.log(
    `${expect.getState().currentTestName ?? 'fault'}: ${crossed.length} alerts crossed → ` +
      `${crossed.length} fired once, 0 twice, 0 lost; ${notCrossed.length} not crossed stayed Active`,
  );
}
