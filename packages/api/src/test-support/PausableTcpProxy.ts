import net from 'node:net';

/**
 * A loopback TCP proxy for tests that can go silent: `pause()` stops forwarding in both
 * directions on the open connections without closing them, as a network partition would (each
 * end keeps its socket and hears nothing). New connections are forwarded as usual.
 */
export class PausableTcpProxy {
  private readonly pairs = new Set<[net.Socket, net.Socket]>();

  private constructor(private readonly server: net.Server) {}

  /** Starts a proxy on 127.0.0.1 (an ephemeral port) to `target`. */
  static async start(target: { host: string; port: number }): Promise<PausableTcpProxy> {
    const server = net.createServer();
    const proxy = new PausableTcpProxy(server);
    server.on('connection', (client) => {
      const upstream = net.connect(target.port, target.host);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      proxy.pairs.add(pair);
      client.pipe(upstream);
      upstream.pipe(client);
      const drop = () => {
        proxy.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop);
      upstream.on('error', drop);
      client.on('close', drop);
      upstream.on('close', drop);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Stops forwarding on every open connection; neither end is told. */
  pause(): void {
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  async close(): Promise<void> {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
