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
  /**
   * Why a new connection from `clientAddress` is refused (capitalised, no full stop), if it is;
   * may close an idle connection to make room.
   */
  admissionRefusal(clientAddress: string): string | undefined;
  /** Whether `connection` may not open a Server-Sent Events or long-polling transport now. */
  httpStreamingRefused(connection: Connection<unknown>): boolean;
  /** Creates a connection; for negotiate version 0 its token is its id. */
  createConnection(negotiateVersion: number, clientAddress: string): Connection<unknown>;
  findByToken(token: string): Connection<unknown> | undefined;
  bindTransport(connection: Connection<unknown>, transport: Transport): void;
}
