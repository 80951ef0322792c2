import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Frame } from './Frame';
import { StreamingTransport } from './StreamingTransport';
import { type TransportOwner } from './Transport';

/**
 * Server → client half of the Server-Sent Events transport: one long response of unnamed events,
 * each carrying whole records. Client → server data comes by POST, handled by the dispatcher.
 *
 * @internal
 */
export class ServerSentEventsTransport extends StreamingTransport {
  readonly kind = 'ServerSentEvents' as const;

  constructor(
    req: IncomingMessage,
    private readonly res: ServerResponse,
    owner: TransportOwner,
    highWaterMark: number,
  ) {
    super(res, owner, highWaterMark);
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

  end(): void {
    this.flush();
    this.res.end();
  }

  abort(): void {
    this.res.destroy();
  }

  protected canWrite(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  protected encode(frame: Frame): Buffer {
    return frame.sseBytes;
  }

  protected flush(): void {
    if (!this.canWrite() || !this.owner.hasQueued) return;
    const frames = this.owner.takeQueued();
    if (frames.length === 1) {
      this.res.write(frames[0]!.sseBytes);
    } else {
      this.res.write(`data: ${frames.map((frame) => frame.text).join('')}\r\n\r\n`);
    }
  }
}
