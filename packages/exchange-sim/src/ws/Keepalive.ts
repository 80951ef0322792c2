import { type TaskScheduler } from '../timers/TaskScheduler';
import { type StreamConnection } from './StreamConnection';

/** Whom the keep-alive pings, when, and by which time. */
export interface KeepaliveOptions {
  /** The open connections (the stream server's live set). */
  readonly connections: ReadonlySet<StreamConnection>;
  readonly scheduler: TaskScheduler;
  /** The time pings are stamped with and the pong deadline is measured on (ms). */
  readonly now: () => number;
  /** Server ping period (Binance: 20 s). */
  readonly pingIntervalMs: number;
  /** A connection that leaves a ping unanswered this long is dropped (Binance: 1 minute). */
  readonly pongTimeoutMs: number;
  /** While true (a stall), no pings go out and no connection is dropped. */
  readonly stalled: () => boolean;
}

/**
 * Binance's keep-alive: a ping frame to every connection every `pingIntervalMs`; a connection
 * whose oldest unanswered ping is older than `pongTimeoutMs` is dropped instead (checked at each
 * ping, so it goes within pongTimeoutMs + pingIntervalMs). A pong answers the ping whose payload it
 * echoes and every earlier one; an unsolicited pong is allowed but keeps nothing alive.
 */
export class Keepalive {
  /** Per connection, the payloads of the pings not yet answered and when each was sent. */
  private unanswered = new WeakMap<StreamConnection, Map<string, number>>();
  private pingCounter = 0;

  constructor(private readonly options: KeepaliveOptions) {}

  /** Schedules the pings. */
  start(): void {
    this.options.scheduler.every(this.options.pingIntervalMs, () => this.ping());
  }

  /** Takes a connection's pong with `payload`. */
  pong(connection: StreamConnection, payload: string): void {
    const pings = this.unanswered.get(connection);
    const sentAt = pings?.get(payload);
    if (pings === undefined || sentAt === undefined) return;
    for (const [pending, time] of pings) {
      if (time <= sentAt) pings.delete(pending);
    }
  }

  /**
   * Forgets every unanswered ping: after a stall, pings sent before it should not count against
   * clients for the stalled time.
   */
  forgiveAll(): void {
    this.unanswered = new WeakMap();
  }

  private ping(): void {
    if (this.options.stalled()) return;
    const now = this.options.now();
    for (const connection of [...this.options.connections]) {
      let pings = this.unanswered.get(connection);
      if (pings === undefined) {
        pings = new Map();
        this.unanswered.set(connection, pings);
      }
      const oldest = Math.min(...pings.values());
      if (now - oldest > this.options.pongTimeoutMs) {
        connection.socket.terminate();
        continue;
      }
      this.pingCounter += 1;
      const payload = String(this.pingCounter);
      pings.set(payload, now);
      if (connection.isOpen) connection.socket.ping(payload);
    }
  }
}
