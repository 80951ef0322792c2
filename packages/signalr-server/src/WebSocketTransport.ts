import { type Socket } from 'node:net';
import { type WebSocket } from 'ws';
import { Frame } from './Frame';
import { type InboundFrameBudget } from './InboundFrameBudget';
import { StreamingTransport } from './StreamingTransport';
import { type TransportOwner } from './Transport';

const OPEN = 1;
const NORMAL_CLOSURE = 1000;
const POLICY_VIOLATION = 1008;
/** How long a client closed for flooding gets to read our close frame before its socket goes. */
const FLOODER_GRACE_MS = 1_000;

/**
 * WebSocket transport on a `ws` socket.
 *
 * NOTE: hub messages bypass `ws.send()`: each {@link Frame} carries a complete text frame, built
 * once, that is written straight to the TCP socket, so a group broadcast costs one socket write
 * per member and no per-member encoding or framing. This is safe because `ws` itself writes to the
 * socket synchronously and in call order (no compression and no blobs, so its sender never
 * queues): its control frames (pong, close) interleave with ours only between whole frames. We
 * stop writing once `ws` leaves the OPEN state, i.e. never after its close frame.
 *
 * @internal
 */
export class WebSocketTransport extends StreamingTransport {
  readonly kind = 'WebSockets' as const;

  /**
   * @param socket - the TCP socket of the upgrade, the one `ws` writes to.
   * @param budget - charged with every inbound frame; it must see the socket's bytes from the
   *   first frame on, so construct the transport in the `handleUpgrade` callback.
   */
  constructor(
    private readonly ws: WebSocket,
    private readonly socket: Socket,
    owner: TransportOwner,
    highWaterMark: number,
    budget: InboundFrameBudget,
  ) {
    super(socket, owner, highWaterMark);
    socket.setNoDelay(true);
    // Ahead of `ws`'s own listener: over budget, the connection ends before `ws` dispatches this
    // chunk's frames, so they are dropped unparsed as records; later chunks are not read at all.
    const onData = (chunk: Buffer): void => {
      const violation = budget.push(chunk, Date.now());
      if (violation === undefined) return;
      socket.off('data', onData);
      this.closeForPolicy(violation);
    };
    socket.prependListener('data', onData);
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => owner.receive(toBuffer(data)));
    ws.on('close', () => owner.transportClosed());
    // `ws` closes the socket itself after an error (e.g. 1009 for an oversized message); the
    // `close` event that follows ends the connection.
    ws.on('error', () => undefined);
  }

  end(): void {
    this.flush();
    if (this.ws.readyState === OPEN) this.ws.close(NORMAL_CLOSURE);
  }

  abort(): void {
    this.ws.terminate();
  }

  /** Closes with 1008 and stops reading: the client sends more than any real client would. */
  private closeForPolicy(why: string): void {
    this.ws.close(POLICY_VIOLATION, 'Too many frames.');
    // Stop spending CPU on the rest of the flood; give the close frame a moment to get out.
    this.ws.pause();
    setTimeout(() => this.ws.terminate(), FLOODER_GRACE_MS).unref();
    this.owner.transportClosed(new Error(`WebSocket closed (1008): ${why}.`));
  }

  protected canWrite(): boolean {
    return this.ws.readyState === OPEN && !this.socket.destroyed;
  }

  protected encode(frame: Frame): Buffer {
    return frame.webSocketBytes;
  }

  protected flush(): void {
    if (this.ws.readyState !== OPEN || !this.owner.hasQueued) return;
    this.socket.write(Frame.join(this.owner.takeQueued()).webSocketBytes);
  }
}

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
