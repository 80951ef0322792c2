import { afterEach, describe, expect, it } from '@jest/globals';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { PausableTcpProxy } from '../test-support/PausableTcpProxy';
import { recordingLogger } from '../test-support/recordingLogger';
import { waitFor } from '@pairwatch/signalr-server/testing';
import { type ClusterEvent } from './ClusterEvent';
import { PostgresCoordinator } from './PostgresCoordinator';

/** Short periods so that takeovers happen within a test; production uses seconds. */
const RETRY_MS = 200;
/** A takeover happens at the follower's next try (one period); the rest is slack for a busy CI. */
const TAKEOVER_MS = RETRY_MS * 10;

interface Member {
  readonly coordinator: PostgresCoordinator;
  readonly leadership: boolean[];
  readonly events: ClusterEvent[];
  readonly logger: ReturnType<typeof recordingLogger>;
}

let members: Member[] = [];

function member(
  connectionString: string,
  name: string,
  timing: { queryTimeoutMs?: number; sessionIdleTimeoutMs?: number } = {},
): Member {
  const logger = recordingLogger();
  const coordinator = new PostgresCoordinator({
    connectionString,
    logger,
    applicationName: name,
    retryMs: RETRY_MS,
    reconnectMinMs: 20,
    reconnectMaxMs: 200,
    queryTimeoutMs: 2_000,
    ...timing,
  });
  const joined: Member = { coordinator, leadership: [], events: [], logger };
  coordinator.onLeadershipChange((leading) => {
    joined.leadership.push(leading);
  });
  coordinator.onEvent((event) => {
    joined.events.push(event);
  });
  members.push(joined);
  return joined;
}

afterEach(async () => {
  for (const { coordinator } of members) await coordinator.close();
  members = [];
});

describe('PostgresCoordinator without a database', () => {
  it('starts as a follower, says why, and keeps trying until closed', async () => {
    // Port 1 on loopback: nothing listens there, so every connection is refused at once.
    const { coordinator, logger, leadership } = member(
      'postgres://postgres@127.0.0.1:1/pairwatch',
      'unreachable',
    );

    await coordinator.start();
    await waitFor(
      () => logger.lines.filter((line) => line.level === 'warn').length >= 2,
      'a second connection attempt',
    );

    expect(coordinator.isLeader).toBe(false);
    expect(coordinator.connected).toBe(false);
    expect(leadership).toEqual([]);
    expect(logger.lines[0]).toMatchObject({
      level: 'warn',
      message: 'cluster session could not be opened; will try again',
    });
    await expect(coordinator.publish({ kind: 'created', alertIds: ['a1'] })).rejects.toThrow();
  });

  it('refuses a channel name that is not a plain SQL identifier', () => {
    expect(
      () =>
        new PostgresCoordinator({
          connectionString: 'postgres://127.0.0.1:1/x',
          logger: recordingLogger(),
          channel: 'alerts; DROP TABLE alerts',
        }),
    ).toThrow(/lower-case SQL identifier/);
  });
});

describeWithPostgres('PostgresCoordinator', (database) => {
  /** Ends the session holding the leader lock in the test database; resolves once it is gone. */
  async function killLeaderSession(): Promise<void> {
    const rows = await database.query<{ killed: boolean }>(
      `SELECT pg_terminate_backend(pid, 5000) AS killed FROM pg_locks
        WHERE locktype = 'advisory' AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(rows).toEqual([{ killed: true }]);
  }

  async function killSession(name: string): Promise<void> {
    const rows = await database.query<{ killed: boolean }>(
      `SELECT pg_terminate_backend(pid, 5000) AS killed FROM pg_stat_activity
        WHERE application_name = $1 AND datname = current_database()`,
      [name],
    );
    expect(rows).toEqual([{ killed: true }]);
  }

  it('makes exactly one of two processes the leader', async () => {
    const a = member(database.url, 'a');
    const b = member(database.url, 'b');

    await a.coordinator.start();
    await b.coordinator.start();
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 2));

    expect([a.coordinator.isLeader, b.coordinator.isLeader]).toEqual([true, false]);
    expect(a.leadership).toEqual([true]);
    expect(b.leadership).toEqual([]);
  });

  it('hands leadership to the follower within a retry period when the leader’s session is killed', async () => {
    const a = member(database.url, 'a');
    const b = member(database.url, 'b');
    await a.coordinator.start();
    await b.coordinator.start();

    await killLeaderSession();
    await waitFor(() => b.coordinator.isLeader, 'the follower to take over', TAKEOVER_MS);
    await waitFor(() => a.coordinator.connected, 'the old leader to reconnect');
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 2));

    expect(a.leadership).toEqual([true, false]);
    expect(b.leadership).toEqual([true]);
    expect([a.coordinator.isLeader, b.coordinator.isLeader]).toEqual([false, true]);
    expect(a.logger.lines.map((line) => line.message)).toContain(
      'cluster session lost; reconnecting',
    );
  });

  it('hands leadership over when the leader closes', async () => {
    const a = member(database.url, 'a');
    const b = member(database.url, 'b');
    await a.coordinator.start();
    await b.coordinator.start();

    await a.coordinator.close();
    await waitFor(() => b.coordinator.isLeader, 'the follower to take over', TAKEOVER_MS);

    expect(a.leadership).toEqual([true, false]);
    expect(a.coordinator.isLeader).toBe(false);
  });

  it('still publishes what the leader sends while it closes (its engine’s last triggers)', async () => {
    const a = member(database.url, 'a');
    const b = member(database.url, 'b');
    a.coordinator.onLeadershipChange((leading) => {
      if (!leading) void a.coordinator.publish({ kind: 'triggered', alertIds: ['last'] });
    });
    await a.coordinator.start();
    await b.coordinator.start();

    await a.coordinator.close();
    await waitFor(() => b.events.length === 1, 'the follower to hear the last trigger');

    expect(b.events).toEqual([{ kind: 'triggered', alertIds: ['last'] }]);
  });

  it('delivers published events to every process, the publisher included, in order', async () => {
    const a = member(database.url, 'a');
    const b = member(database.url, 'b');
    await a.coordinator.start();
    await b.coordinator.start();
    const sent: ClusterEvent[] = [
      { kind: 'created', alertIds: ['a1'] },
      { kind: 'triggered', alertIds: ['a1'] },
      { kind: 'deleted', alertIds: ['a1', 'a2'] },
    ];

    await a.coordinator.publish(sent[0]!);
    await b.coordinator.publish(sent[1]!);
    await a.coordinator.publish(sent[2]!);
    await waitFor(
      () => a.events.length === 3 && b.events.length === 3,
      'both processes to hear three events',
    );

    expect(a.events).toEqual(sent);
    expect(b.events).toEqual(sent);
  });

  it('delivers every id of an event too large for one notification', async () => {
    const a = member(database.url, 'a');
    await a.coordinator.start();
    const alertIds = Array.from({ length: 1000 }, (_, i) => `alert-${String(i).padStart(16, '0')}`);

    await a.coordinator.publish({ kind: 'deleted', alertIds });
    await waitFor(
      () => a.events.flatMap((event) => event.alertIds).length === alertIds.length,
      'every id to arrive',
    );

    expect(a.events.length).toBeGreaterThan(1);
    expect(a.events.flatMap((event) => event.alertIds)).toEqual(alertIds);
  });

  it('ignores a notification on its channel that is not a cluster event', async () => {
    const a = member(database.url, 'a');
    await a.coordinator.start();

    await database.query(`NOTIFY pairwatch_alerts, 'DROP TABLE alerts'`);
    await a.coordinator.publish({ kind: 'created', alertIds: ['a1'] });
    await waitFor(() => a.events.length === 1, 'the real event');

    expect(a.events).toEqual([{ kind: 'created', alertIds: ['a1'] }]);
    expect(a.logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'ignored a notification that is not a cluster event',
      }),
    );
  });

  it('reconnects a follower whose session was killed, and it hears events again', async () => {
    const a = member(database.url, 'a');
    const b = member(database.url, 'b');
    await a.coordinator.start();
    await b.coordinator.start();

    await killSession('b');
    await waitFor(
      () => b.logger.lines.some((line) => line.message === 'cluster session lost; reconnecting'),
      'the follower to notice',
    );
    await waitFor(() => b.coordinator.connected, 'the follower to reconnect');
    await a.coordinator.publish({ kind: 'created', alertIds: ['after'] });
    await waitFor(() => b.events.length === 1, 'the follower to hear the event');

    expect(b.events).toEqual([{ kind: 'created', alertIds: ['after'] }]);
    expect(a.coordinator.isLeader).toBe(true);
    expect(b.leadership).toEqual([]);
  });

  it('leads again alone after its own session was killed', async () => {
    const a = member(database.url, 'a');
    await a.coordinator.start();

    await killLeaderSession();
    await waitFor(() => a.leadership.length === 3, 'the leader to lose and win the lock again');

    expect(a.leadership).toEqual([true, false, true]);
    expect(a.coordinator.isLeader).toBe(true);
  });

  it('replaces a leader cut off by the network, which steps down when its check times out', async () => {
    const server = new URL(database.url);
    const proxy = await PausableTcpProxy.start({
      host: server.hostname,
      port: Number(server.port || 5432),
    });
    try {
      const throughProxy = new URL(database.url);
      throughProxy.hostname = '127.0.0.1';
      throughProxy.port = String(proxy.port);
      const a = member(throughProxy.href, 'a', {
        queryTimeoutMs: 1_500,
        sessionIdleTimeoutMs: 600,
      });
      const b = member(database.url, 'b');
      await a.coordinator.start();
      await b.coordinator.start();

      proxy.pause();
      await waitFor(() => b.coordinator.isLeader, 'the server to end the silent session', 5_000);
      await waitFor(() => !a.coordinator.isLeader, 'the cut-off leader to step down', 5_000);

      expect(a.leadership).toEqual([true, false]);
      expect(b.leadership).toEqual([true]);
    } finally {
      for (const { coordinator } of members) await coordinator.close();
      members = [];
      await proxy.close();
    }
  });
});
