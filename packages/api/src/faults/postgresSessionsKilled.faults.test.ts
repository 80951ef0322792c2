import { expect, it } from '@jest/globals';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { runDatabaseFaultDrill } from '../test-support/runDatabaseFaultDrill';

// Fault suite (a): every PostgreSQL session of two api processes is killed with
// pg_terminate_backend, three times in a row, while alerts are armed and prices cross some of
// them; others are crossed after. Both processes lose their store pools and their cluster
// sessions (the leader its advisory lock): the engine's leader must come back (the same process
// or the other), judge what it missed from the evaluation marks, and fire each crossed alert once.
// Bounds: runDatabaseFaultDrill's LEADER_BOUND_MS, HUB_BOUND_MS and DELIVERY_BOUND_MS.

/** Kills taken one after another, so reconnecting sessions are killed too. */
const KILLS = 3;
/** The api processes' sessions: both cluster sessions are always open when they are connected. */
const SESSIONS = `SELECT count(*)::int AS n FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = 'pairwatch-api'`;
/** Reconnecting takes the coordinator at most its reconnectMaxMs (200 ms) plus a connect. */
const RECONNECT_BOUND_MS = 5_000;

async function waitForSessions(count: () => Promise<{ n: number }[]>): Promise<void> {
  const deadline = Date.now() + RECONNECT_BOUND_MS;
  while ((await count())[0]!.n < 2) {
    if (Date.now() > deadline) throw new Error('The api processes did not reconnect.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeWithPostgres('fault: PostgreSQL sessions killed', (database) => {
  it('fires every crossed alert once, leads again and keeps hub clients updated', async () => {
    let killed = 0;
    await runDatabaseFaultDrill({
      databaseUrl: database.url,
      query: (statement) => database.query(statement),
      fault: async ({ crossDuringFault, hubUpdatedSince }) => {
        for (let round = 0; round < KILLS; round += 1) {
          // Each round first waits for the processes to have reconnected, so it kills them again.
          await waitForSessions(() => database.query(SESSIONS));
          const rows = await database.query<{ killed: boolean }>(
            `SELECT pg_terminate_backend(pid, 5000) AS killed FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          );
          killed += rows.filter((row) => row.killed).length;
          if (round === 0) crossDuringFault();
          await hubUpdatedSince(Date.now());
        }
      },
    });
    // Two pools, two cluster sessions and more: the first round alone ends several.
    expect(killed).toBeGreaterThanOrEqual(KILLS * 2);
  }, 60_000);
});
