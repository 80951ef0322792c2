import { type Socket } from 'node:net';
import { type WebSocket } from 'ws';
import { Frame } from './Frame';
import { StreamingTransport } from './StreamingTransport';
import { type TransportOwner } from './Transport';

const OPEN = 1;
const NORMAL_CLOSURE = 1000;

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

  /** @param socket - the TCP socket of the upgrade, the one `ws` writes to. */
  constructor(
    private readonly ws: WebSocket,
    private readonly socket: Socket,
    owner: TransportOwner,
    highWaterMark: number,
  ) {
    super(socket, owner, highWaterMark);
    socket.setNoDelay(true);
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
