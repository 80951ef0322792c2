import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Frame } from './Frame';
import { type Transport, type TransportOwner } from './Transport';

/**
 * Server → client half of the Server-Sent Events transport: one long response of unnamed events,
 * each carrying whole records. Client → server data comes by POST, handled by the dispatcher.
 *
 * @internal
 */
export class ServerSentEventsTransport implements Transport {
  readonly kind = 'ServerSentEvents' as const;
  private waitingForDrain = false;

  constructor(
    req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly owner: TransportOwner,
    private readonly highWaterMark: number,
  ) {
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      // Keeps compression middleware and proxy buffering away from the stream.
      'Content-Encoding': 'identity',
      'X-Accel-Buffering': 'no',
    });
    // Some EventSource implementations fire `open` only once the first bytes arrive, and the
    // client sends its handshake only after `open`.
    res.write(':\r\n');
    res.on('close', () => owner.transportClosed());
  }

  tryWrite(frame: Frame): boolean {
    if (this.res.writableEnded || this.res.destroyed) return true;
    if (this.res.writableLength > this.highWaterMark) return false;
    this.res.write(frame.sseBytes);
    return true;
  }

  notifyQueued(): void {
    if (this.waitingForDrain) return;
    this.waitingForDrain = true;
    this.res.once('drain', () => {
      this.waitingForDrain = false;
      this.flush();
      this.owner.transportReady();
    });
  }

  end(): void {
    this.flush();
    this.res.end();
  }

  abort(): void {
    this.res.destroy();
  }

  idleFor(): number {
    return 0;
  }

  private flush(): void {
    if (this.res.writableEnded || this.res.destroyed || !this.owner.hasQueued) return;
    const frames = this.owner.takeQueued();
    if (frames.length === 1) {
      this.res.write(frames[0]!.sseBytes);
    } else {
      this.res.write(`data: ${frames.map((frame) => frame.text).join('')}\r\n\r\n`);
    }
  }
}
