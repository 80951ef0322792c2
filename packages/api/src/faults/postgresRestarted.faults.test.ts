import { afterAll, beforeAll, it } from '@jest/globals';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { runDatabaseFaultDrill } from '../test-support/runDatabaseFaultDrill';
import { TemporaryPostgresCluster } from '../test-support/TemporaryPostgresCluster';
import pg from 'pg';

// Fault suite (b): the PostgreSQL server under two api processes is restarted mid-stream while
// alerts are armed; prices cross some of them while it is down, others after. A real restart of
// a cluster this suite creates (initdb into a temporary directory, its own loopback port; as the
// `postgres` user when run as root): `pg_ctl stop -m fast` ends every session and refuses new
// ones, as a restart or failover does, which a TCP proxy could only imitate. It takes well under a
// second here, so it is both the faithful and the fast choice. The shared test server is never
// restarted (other suites use it at the same time); this suite runs where that server is
// configured (describeWithPostgres), as CI installs the PostgreSQL binaries it needs beside it.
// Bounds: runDatabaseFaultDrill's LEADER_BOUND_MS, HUB_BOUND_MS and DELIVERY_BOUND_MS.

describeWithPostgres('fault: PostgreSQL restarted', () => {
  let cluster: TemporaryPostgresCluster;

  beforeAll(async () => {
    const bin = TemporaryPostgresCluster.findBinaries();
    if (bin === undefined) {
      throw new Error(
        'No PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin: set PG_BIN.',
      );
    }
    cluster = await TemporaryPostgresCluster.create(bin);
  });

  afterAll(() => cluster?.destroy());

  it('fires every crossed alert once, leads again and keeps hub clients updated', async () => {
    const query = async (statement: string) => {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        return (await client.query<Record<string, unknown>>(statement)).rows;
      } finally {
        await client.end();
      }
    };
    await runDatabaseFaultDrill({
      databaseUrl: cluster.url,
      query,
      fault: async ({ crossDuringFault, hubUpdatedSince }) => {
        cluster.stop();
        const down = Date.now();
        crossDuringFault();
        // The crossing reaches the hubs (the market does not need the database) while it is down.
        await hubUpdatedSince(down);
        cluster.start();
      },
    });
  }, 60_000);
});
