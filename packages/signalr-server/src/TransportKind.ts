/**
 * A SignalR transport, named as on the wire (negotiate's `availableTransports`).
 *
 * @public
 */
export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** All transports in the order the server offers them (the client tries them in this order). */
export const TRANSPORT_KINDS: readonly TransportKind[] = [
  'WebSockets',
  'ServerSentEvents',
  'LongPolling',
];
