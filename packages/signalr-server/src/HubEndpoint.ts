import { type Connection } from './Connection';
import { type ResolvedSettings } from './resolveSettings';
import { type Transport } from './Transport';

/**
 * What the HTTP side needs from a hub: creating and finding connections and binding transports.
 *
 * @internal
 */
export interface HubEndpoint {
  readonly settings: ResolvedSettings;
  isShuttingDown(): boolean;
  /** Connections alive now (negotiated or connected). */
  connectionCount(): number;
  /** Connections whose transport is Server-Sent Events or long polling. */
  httpStreamingCount(): number;
  /** Connections alive now from one client address. */
  clientConnectionCount(clientAddress: string): number;
  /** Creates a connection; for negotiate version 0 its token is its id. */
  createConnection(negotiateVersion: number, clientAddress: string): Connection<unknown>;
  findByToken(token: string): Connection<unknown> | undefined;
  bindTransport(connection: Connection<unknown>, transport: Transport): void;
}
