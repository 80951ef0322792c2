import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type IncomingMessage } from 'node:http';
import { type Duplex } from 'node:stream';
import { type Hub } from './Hub';

/**
 * Options of {@link fastifySignalR}.
 *
 * @public
 */
export interface FastifySignalROptions {
  /** The hub to mount. */
  readonly hub: Pick<Hub, 'createHandlers' | 'close'>;
  /** Path of the hub (negotiate is `${path}/negotiate`). */
  readonly path: string;
  /** Close the hub (Close with `allowReconnect` to every client) when Fastify closes. Default true. */
  readonly closeWithFastify?: boolean;
}

/**
 * Mounts a {@link Hub} on Fastify (v5): routes for negotiate and the HTTP transports that hand the
 * raw request to the hub before Fastify parses a body (so no body parser, compression or reply
 * hook touches the SSE stream and the polls), and an `upgrade` listener on `fastify.server` for
 * WebSockets. Register it at the root (or under a prefix) like any plugin:
 *
 * @example
 * ```ts
 * const hub = new Hub({ allowedOrigins: ['http://127.0.0.1:8080'] });
 * await app.register(fastifySignalR, { hub, path: '/candles-hub' });
 * ```
 * @public
 */
export async function fastifySignalR(
  fastify: FastifyInstance,
  options: FastifySignalROptions,
): Promise<void> {
  const path = `${fastify.prefix}${options.path}`;
  const handlers = options.hub.createHandlers(path);
  const takeOver = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.hijack();
    if (!handlers.handleRequest(request.raw, reply.raw)) {
      reply.raw.writeHead(404, { 'Content-Length': '0' });
      reply.raw.end();
    }
  };
  // The hub answers in the onRequest hook; the handler never runs.
  const unreachable = async (): Promise<void> => undefined;
  for (const url of [options.path, `${options.path}/negotiate`]) {
    fastify.route({
      method: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      url,
      exposeHeadRoute: false,
      onRequest: takeOver,
      handler: unreachable,
    });
  }
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (handlers.handleUpgrade(req, socket, head)) return;
    if (fastify.server.listenerCount('upgrade') === 1) socket.destroy();
  };
  fastify.server.on('upgrade', onUpgrade);
  fastify.addHook('preClose', async () => {
    fastify.server.off('upgrade', onUpgrade);
    if (options.closeWithFastify ?? true) await options.hub.close();
  });
}
