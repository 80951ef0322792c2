import pg from 'pg';
import { backoffWithJitter } from '../util/backoffWithJitter';
import { OneShotTimer } from '../util/OneShotTimer';
import {
  type ClusterCoordinator,
  type ClusterEventListener,
  type LeadershipListener,
} from './ClusterCoordinator';
import { ClusterDispatcher } from './ClusterDispatcher';
import { type ClusterEvent, encodeClusterEvent, parseClusterEvent } from './ClusterEvent';
import { type ServiceLogger } from '../util/ServiceLogger';

/** Timing of a {@link PostgresCoordinator}; the defaults suit production, tests shorten them. */
export interface PostgresCoordinatorTiming {
  /**
   * How often a follower tries the leader lock, and how often the leader checks that its session
   * is alive. Default 3 000 ms: a dead leader is replaced within about this long.
   */
  readonly retryMs?: number;
  /** First wait before opening a lost session again; doubles per failure. Default 250 ms. */
  readonly reconnectMinMs?: number;
  /** Longest wait between reconnection attempts. Default 30 000 ms. */
  readonly reconnectMaxMs?: number;
  /** A connect or query slower than this counts as a dead session. Default 5 000 ms. */
  readonly queryTimeoutMs?: number;
  /**
   * The server ends the session (releasing the lock) when it has not heard from this process for
   * this long — PostgreSQL's `idle_session_timeout`, so that a leader cut off from the database
   * cannot hold the lock for as long as TCP takes to notice. Default 5 × `retryMs`.
   */
  readonly sessionIdleTimeoutMs?: number;
}

/** Options of {@link PostgresCoordinator}. */
export interface PostgresCoordinatorOptions extends PostgresCoordinatorTiming {
  /** `DATABASE_URL`. Advisory locks and notifications are scoped to its database. */
  readonly connectionString: string;
  readonly logger: ServiceLogger;
  /** The `LISTEN/NOTIFY` channel. Default `pairwatch_alerts`. */
  readonly channel?: string;
  /** Key of the leader's session-level advisory lock. Default {@link ENGINE_LOCK_KEY}. */
  readonly lockKey?: bigint;
  /**
   * `application_name` of the session as `pg_stat_activity` shows it (the publishing connections
   * add ` publisher`). Default `pairwatch-api`.
   */
  readonly applicationName?: string;
  readonly random?: () => number;
}

/** The alert-engine leader lock: the bytes of "PAIRWATC" as a bigint. */
export const ENGINE_LOCK_KEY = 0x5041_4952_5741_5443n;

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The PostgreSQL {@link ClusterCoordinator} (architecture §8), built only from what PostgreSQL
 * offers:
 *
 * - **One dedicated session per process** (a `pg.Client`, never a pooled connection) holds both
 *   the `LISTEN` and, on the leader, the session-level advisory lock. Followers try
 *   `pg_try_advisory_lock` every `retryMs`; the leader runs a cheap query as often, so a dead
 *   session is noticed. When a session ends, PostgreSQL releases its lock and another follower
 *   takes over at its next try.
 * - Lock and `LISTEN` living and dying together means a process never leads with a deaf session:
 *   after a drop it follows until it wins the lock again, and a new leader rebuilds its alert
 *   index from the table, so notifications lost while it was disconnected cannot leave it stale.
 * - The session's `idle_session_timeout` (a few retry periods; the session runs a query every
 *   period) makes the server end the session of a process it no longer hears from, so a leader
 *   cut off by the network loses the lock on the server side too, while on its own side the
 *   check query times out and it stops leading.
 * - A lost session is opened again with exponential backoff and jitter, and waits two retry
 *   periods before its first try of the lock.
 * - `publish` sends `pg_notify` through a small pool of its own, so it works while the session
 *   reconnects; every process, the publisher included, hears the event from its session.
 *
 * Two leaders at once (a partitioned leader that has not noticed yet) cost duplicate work only:
 * an alert fires through one conditional update, and evaluation marks only move forward.
 */
export class PostgresCoordinator implements ClusterCoordinator {
  private readonly dispatcher: ClusterDispatcher;
  private readonly pool: pg.Pool;
  private readonly channel: string;
  private readonly lockKey: string;
  private readonly retryMs: number;
  private readonly random: () => number;
  private session: pg.Client | undefined;
  private readonly timer = new OneShotTimer();
  private reconnects = 0;
  private leader = false;
  private started = false;
  /** Set when `close` begins: no new session, lock attempt or timer. */
  private closing = false;
  /** Set once the engine has stopped: publishing ends. */
  private closed = false;
  private readonly publishing = new Set<Promise<unknown>>();

  constructor(private readonly options: PostgresCoordinatorOptions) {
    this.channel = options.channel ?? 'pairwatch_alerts';
    if (!CHANNEL.test(this.channel)) {
      throw new Error(
        `Channel '${this.channel}' must be a lower-case SQL identifier (letters, digits, _).`,
      );
    }
    this.lockKey = (options.lockKey ?? ENGINE_LOCK_KEY).toString();
    this.retryMs = options.retryMs ?? 3_000;
    this.random = options.random ?? Math.random;
    this.dispatcher = new ClusterDispatcher(options.logger);
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: 2,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: this.queryTimeoutMs,
      query_timeout: this.queryTimeoutMs,
      application_name: `${this.applicationName} publisher`,
    });
    // An idle pooled connection that dies is replaced on the next publish; just say so.
    this.pool.on('error', (error) =>
      options.logger.warn({ err: error }, 'a cluster publishing connection failed'),
    );
  }

  get isLeader(): boolean {
    return this.leader;
  }

  /** Whether the session (LISTEN, and the lock when leading) is open now. */
  get connected(): boolean {
    return this.session !== undefined;
  }

  onLeadershipChange(listener: LeadershipListener): void {
    this.dispatcher.onLeadershipChange(listener);
  }

  onEvent(listener: ClusterEventListener): void {
    this.dispatcher.onEvent(listener);
  }

  async publish(event: ClusterEvent): Promise<void> {
    if (this.closed) throw new Error(`Cannot publish '${event.kind}': the coordinator is closed.`);
    const sending = (async () => {
      for (const payload of encodeClusterEvent(event)) {
        await this.pool.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
      }
    })();
    this.publishing.add(sending);
    try {
      await sending;
    } finally {
      this.publishing.delete(sending);
    }
  }

  async start(): Promise<void> {
    if (this.started || this.closing) return;
    this.started = true;
    await this.open(true);
    await this.dispatcher.idle();
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.timer.close();
    // Stop leading before the lock goes, so the next leader never overlaps with this one's engine;
    // the engine's last triggers may still publish meanwhile.
    if (this.leader) {
      this.leader = false;
      await this.dispatcher.leadershipChanged(false);
    }
    await this.dispatcher.idle();
    await Promise.allSettled([...this.publishing]);
    this.closed = true;
    const session = this.session;
    this.session = undefined;
    if (session) await session.end().catch(() => undefined);
    await this.pool.end();
  }

  private get queryTimeoutMs(): number {
    return this.options.queryTimeoutMs ?? 5_000;
  }

  private get applicationName(): string {
    return this.options.applicationName ?? 'pairwatch-api';
  }

  /**
   * Opens the session and LISTENs. The first session tries the lock at once; a reopened one waits
   * two retry periods first, so that a healthy follower (which tries every period) replaces a
   * leader whose connection failed rather than racing it.
   */
  private async open(first: boolean): Promise<void> {
    const session = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: this.applicationName,
      connectionTimeoutMillis: this.queryTimeoutMs,
      query_timeout: this.queryTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    session.on('error', (error) => this.lose(session, error));
    session.on('end', () => this.lose(session, undefined));
    session.on('notification', (message) => {
      if (session === this.session && message.channel === this.channel)
        this.receive(message.payload ?? '');
    });
    try {
      await session.connect();
      await session.query("SELECT set_config('idle_session_timeout', $1, false)", [
        String(this.options.sessionIdleTimeoutMs ?? this.retryMs * 5),
      ]);
      await session.query(`LISTEN ${this.channel}`);
    } catch (error: unknown) {
      session.end().catch(() => undefined);
      if (this.closing) return;
      this.options.logger.warn(
        { err: error, attempt: this.reconnects + 1 },
        'cluster session could not be opened; will try again',
      );
      this.scheduleReconnect();
      return;
    }
    if (this.closing) {
      await session.end().catch(() => undefined);
      return;
    }
    this.session = session;
    this.reconnects = 0;
    if (first) await this.tick(session);
    else this.timer.set(() => void this.tick(session), this.retryMs * 2);
  }

  /** A follower tries the lock; the leader checks that its session still answers. */
  private async tick(session: pg.Client): Promise<void> {
    if (session !== this.session || this.closing) return;
    try {
      if (this.leader) {
        await session.query('SELECT 1');
      } else {
        const { rows } = await session.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1::bigint) AS locked',
          [this.lockKey],
        );
        // A session lost or closed meanwhile releases the lock when it ends.
        if (session !== this.session || this.closing) return;
        if (rows[0]?.locked === true) {
          this.leader = true;
          this.options.logger.info({}, 'this process now leads the alert engine');
          void this.dispatcher.leadershipChanged(true);
        }
      }
    } catch (error: unknown) {
      this.lose(session, error);
      return;
    }
    if (session === this.session && !this.closing) {
      this.timer.set(() => void this.tick(session), this.retryMs);
    }
  }

  private receive(payload: string): void {
    const event = parseClusterEvent(payload);
    if (!event) {
      this.options.logger.warn(
        { channel: this.channel, bytes: Buffer.byteLength(payload) },
        'ignored a notification that is not a cluster event',
      );
      return;
    }
    void this.dispatcher.event(event);
  }

  /** The session failed or ended: stop leading at once, then open a new one. */
  private lose(session: pg.Client, error: unknown): void {
    if (session !== this.session) return;
    this.session = undefined;
    this.timer.clear();
    // Ending a session whose query timed out makes sure it holds no lock anyone waits for.
    session.end().catch(() => undefined);
    if (this.closing) return;
    this.options.logger.warn({ err: error }, 'cluster session lost; reconnecting');
    if (this.leader) {
      this.leader = false;
      this.options.logger.warn({}, 'this process no longer leads the alert engine');
      void this.dispatcher.leadershipChanged(false);
    }
    this.scheduleReconnect();
  }

  /** Opens the session again after a backoff that grows with each failure in a row. */
  private scheduleReconnect(): void {
    const timing = {
      baseMs: this.options.reconnectMinMs ?? 250,
      maxMs: this.options.reconnectMaxMs ?? 30_000,
    };
    const delay = Math.round(backoffWithJitter(this.reconnects, timing, this.random));
    this.reconnects += 1;
    this.timer.set(() => void this.open(false), delay);
  }
}
