import { type ClusterEvent } from './ClusterEvent';

/** Called when this process starts or stops being the alert-engine leader. */
export type LeadershipListener = (isLeader: boolean) => void | Promise<void>;

/** Called for every alert change published by any api process, this one included. */
export type ClusterEventListener = (event: ClusterEvent) => void | Promise<void>;

/**
 * How the api processes that share one database agree on who runs the alert engine and hear
 * about each other's alert changes (architecture §8). PostgreSQL: an advisory lock and
 * `LISTEN/NOTIFY` ({@link PostgresCoordinator}); SQLite, one process: {@link InProcessCoordinator}.
 *
 * Listeners are called one at a time, in the order things happened; each call waits for the
 * promise of the previous one, so a listener may do I/O without racing the next change.
 */
export interface ClusterCoordinator {
  /** Whether this process runs the alert engine now. */
  readonly isLeader: boolean;
  onLeadershipChange(listener: LeadershipListener): void;
  onEvent(listener: ClusterEventListener): void;
  /**
   * Tells every process, this one included, about an alert change that is already committed.
   *
   * @throws Error when the event could not be sent (the change itself stays committed).
   */
  publish(event: ClusterEvent): Promise<void>;
  /** Joins the cluster; resolves once the first leadership attempt has been made and heard. */
  start(): Promise<void>;
  /** Gives up leadership (listeners hear `false` if this process led) and leaves the cluster. */
  close(): Promise<void>;
}
