import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { registerPushSubscription } from '../test-support/registerPushSubscription';
import { TemporaryPostgresCluster } from '../test-support/TemporaryPostgresCluster';
import { timedFetch } from '../test-support/timedFetch';
import { type FaultApi, startFaultApi } from '../test-support/startFaultApi';

// Fault suite (e): the PostgreSQL server under an api process freezes for 10 s — SIGSTOP to the
// postmaster and every backend, as a hung host, a stalled VM or a storage freeze does. Nothing
// errors: connections stay open, new ones are accepted by the kernel, and no byte comes back.
// Every request that needs the database must still answer, 503 with Retry-After, within the
// configured timeouts (statement 5 s, plus the client's 1 s margin; connect and pool-acquire 3 s);
// `/status` must fail its database check within its own bound; `GET /candles` does not notice;
// once the server resumes, everything works again. A cluster of this suite's own (freezing the
// shared test server would stall the other suites), run where PostgreSQL is configured.

/** How long the server stays frozen. */
const FREEZE_MS = 10_000;
/** A request that needs the database answers within this long (statement timeout 5 s + 1 s). */
const DATABASE_BOUND_MS = 7_500;
/** `/status` answers within this long (its database check is bounded). */
const STATUS_BOUND_MS = 3_000;
/**
 * `GET /candles` never touches the database: a request that waited on the frozen server would
 * take the whole freeze. The margin is the shared CI machine's (see sqliteLocked.faults.test.ts).
 */
const CANDLES_BOUND_MS = 500;
/** After the server resumes, writes and the status check succeed again within this long. */
const RECOVERY_BOUND_MS = 10_000;

describeWithPostgres('fault: PostgreSQL frozen', () => {
  let cluster: TemporaryPostgresCluster;
  let stack: FaultApi;

  beforeAll(async () => {
    const bin = TemporaryPostgresCluster.findBinaries();
    if (bin === undefined) {
      throw new Error(
        'No PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin: set PG_BIN.',
      );
    }
    cluster = await TemporaryPostgresCluster.create(bin);
    stack = await startFaultApi({
      env: { DATABASE_URL: cluster.url },
      cluster: { retryMs: 200, reconnectMinMs: 20, reconnectMaxMs: 200 },
    });
  });

  afterAll(async () => {
    cluster?.thaw();
    await stack?.close();
    cluster?.destroy();
  });

  it('answers 503 within the timeouts while it is frozen, and recovers', async () => {
    const { api, push } = stack;
    const { subscriptionId } = await registerPushSubscription(api.url, push);
    const candlesUrl = `${api.url}/candles?symbol=BTCUSDT&interval=OneMinute&limit=10`;
    const alertsUrl = `${api.url}/alerts?subscriptionId=${subscriptionId}`;
    const alertBody = (valueTarget: number) => stack.alertRequest(subscriptionId, valueTarget);
    expect((await timedFetch(`${api.url}/alerts`, alertBody(1))).status).toBe(201);

    cluster.freeze();
    const frozenAt = Date.now();
    let thawed = false;
    const thaw = new Promise<void>((resolve) =>
      setTimeout(() => {
        cluster.thaw();
        thawed = true;
        resolve();
      }, FREEZE_MS),
    );
    try {
      // Let the pool's idle connections and the cluster session be caught by the freeze too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [list, create, status, candles] = await Promise.all([
        timedFetch(alertsUrl),
        timedFetch(`${api.url}/alerts`, alertBody(2)),
        timedFetch(`${api.url}/status`),
        timedFetch(candlesUrl),
      ]);
      // A second round: the connections the first round gave up on are not waited on again.
      const [listAgain, statusAgain] = await Promise.all([
        timedFetch(alertsUrl),
        timedFetch(`${api.url}/status`),
      ]);
      const stillFrozen = !thawed;
      console.log(
        `PostgreSQL frozen: GET /alerts ${list.status} in ${list.ms} ms, again ${listAgain.status} ` +
          `in ${listAgain.ms} ms; POST /alerts ${create.status} in ${create.ms} ms ` +
          `(Retry-After ${create.headers.get('retry-after')}); /status ${status.status} in ` +
          `${status.ms} ms, again ${statusAgain.status} in ${statusAgain.ms} ms: ` +
          `${JSON.stringify((status.body as { checks?: unknown }).checks)}; GET /candles ` +
          `${candles.status} in ${candles.ms} ms; frozen for ${Date.now() - frozenAt} ms so far`,
      );

      expect(stillFrozen).toBe(true);
      for (const answer of [list, create, listAgain]) {
        expect(answer.status).toBe(503);
        expect(answer.ms).toBeLessThan(DATABASE_BOUND_MS);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(answer.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      }
      for (const answer of [status, statusAgain]) {
        expect(answer.status).toBe(503);
        expect(answer.ms).toBeLessThan(STATUS_BOUND_MS);
        expect(answer.body).toMatchObject({ ok: false, checks: { database: { ok: false } } });
      }
      expect(candles.status).toBe(200);
      expect(candles.ms).toBeLessThan(CANDLES_BOUND_MS);
    } finally {
      await thaw;
    }

    const thawedAt = Date.now();
    /** Asks until the answer has the status wanted; the error names the last answer's body. */
    const recovered = async (
      ask: () => ReturnType<typeof timedFetch>,
      wanted: number,
      what: string,
    ) => {
      for (;;) {
        const answer = await ask();
        if (answer.status === wanted) return;
        if (Date.now() - thawedAt > RECOVERY_BOUND_MS)
          throw new Error(
            `No ${what} after the thaw: the last answer was ${answer.status} ` +
              JSON.stringify(answer.body),
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    let target = 3;
    await recovered(
      () => timedFetch(`${api.url}/alerts`, alertBody(target++)),
      201,
      'successful write',
    );
    await recovered(() => timedFetch(`${api.url}/status`), 200, 'well /status');
    console.log(
      `PostgreSQL thawed: writes and /status well again after ${Date.now() - thawedAt} ms`,
    );
  }, 60_000);
});
