/** What happened to some alerts, as one api process tells the others. */
export type ClusterEventKind = 'created' | 'deleted' | 'triggered';

/** The kinds of {@link ClusterEvent}, for validation. */
export const CLUSTER_EVENT_KINDS: readonly ClusterEventKind[] = ['created', 'deleted', 'triggered'];

/**
 * An alert change every api process hears about. It carries ids only: receivers read the rows
 * again, so an event can never disagree with the table (and no credential travels in it).
 */
export interface ClusterEvent {
  readonly kind: ClusterEventKind;
  readonly alertIds: readonly string[];
}
