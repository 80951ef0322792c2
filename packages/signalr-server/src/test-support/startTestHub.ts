import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Hub } from '../Hub';
import { HubError } from '../HubError';
import { type HubSettings } from '../HubOptions';
import { guards } from '../guards';

/** Per-connection state of the test hub. */
export interface TestState {
  calls: number;
}

/** A running test hub on a loopback HTTP server. */
export interface TestHubServer {
  readonly hub: Hub<TestState>;
  readonly server: Server;
  readonly port: number;
  /** Base URL of the hub, e.g. `http://127.0.0.1:41234/hub`. */
  readonly url: string;
  /** Connection ids seen by `onDisconnected`, with the error they ended with. */
  readonly disconnected: { connectionId: string; error: string | undefined }[];
  stop(): Promise<void>;
}

/** Short timings so behaviour that takes 15–30 s in production shows up within a second. */
export const FAST_SETTINGS = {
  keepAliveIntervalMs: 100,
  clientTimeoutMs: 1_000,
  handshakeTimeoutMs: 500,
  disconnectTimeoutMs: 500,
  negotiateTimeoutMs: 500,
  pollTimeoutMs: 300,
  tickIntervalMs: 20,
  shutdownTimeoutMs: 1_000,
} satisfies HubSettings<unknown>;

/**
 * Starts the hub the tests drive: `Echo`, `Add`, `Count` (per-connection state), `Fail` (a
 * HubError), `Crash` (an unexpected error), `Join`/`Leave` (groups), `CloseMe`.
 */
export async function startTestHub(
  settings: HubSettings<TestState> = {},
  port = 0,
): Promise<TestHubServer> {
  const disconnected: TestHubServer['disconnected'] = [];
  const hub = new Hub<TestState>({
    ...FAST_SETTINGS,
    ...settings,
    createState: () => ({ calls: 0 }),
    onDisconnected: (connection, error) => {
      disconnected.push({ connectionId: connection.connectionId, error: error?.message });
    },
  });
  hub
    .addMethod('Echo', [guards.string], (_caller, text) => text)
    .addMethod('Add', [guards.number, guards.number], (_caller, a, b) => a + b)
    .addMethod('Count', [], (caller) => {
      caller.state.calls += 1;
      return caller.state.calls;
    })
    .addMethod('Fail', [guards.string], (_caller, message) => {
      throw new HubError(message);
    })
    .addMethod('Crash', [], () => {
      throw new Error('internal detail that must not reach the client');
    })
    .addMethod('Join', [guards.string], (caller, group) => caller.addToGroup(group))
    .addMethod('Leave', [guards.string], (caller, group) => caller.removeFromGroup(group))
    .addMethod('Slow', [guards.integer], async (_caller, ms) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return ms;
    })
    .addMethod('CloseMe', [guards.string, guards.boolean], (caller, error, allowReconnect) => {
      // After the completion, so the caller's invoke() resolves before the Close arrives.
      setTimeout(() => caller.close({ error, allowReconnect }), 10);
    });
  const server = createServer();
  hub.attach(server, '/hub');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    hub,
    server,
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}/hub`,
    disconnected,
    async stop() {
      await hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// The tests import waitFor from here with the hub they start; it lives in the testing entry point,
// which other packages' tests use too.
export { waitFor } from '../testing';

/** Resolves after `ms`. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
