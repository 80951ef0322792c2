import {
  type UpstreamSocket,
  type UpstreamSocketEvents,
  type UpstreamSocketFactory,
} from '../market/UpstreamSocket';

/** One fake upstream socket: what the feed sent, and controls to play the server's part. */
export class FakeSocket implements UpstreamSocket {
  readonly sent: { at: number; frame: unknown }[] = [];
  readonly pongs: string[] = [];
  /** When each frame (text or pong) went out. */
  readonly frameTimes: number[] = [];
  closed: 'no' | 'closed' | 'terminated' = 'no';

  constructor(
    readonly url: string,
    private readonly events: UpstreamSocketEvents,
  ) {}

  /** Streams in the connection URL. */
  get urlStreams(): string[] {
    const streams = new URL(this.url).searchParams.get('streams') ?? '';
    return streams === '' ? [] : streams.split('/');
  }

  send(text: string): void {
    this.sent.push({ at: Date.now(), frame: JSON.parse(text) });
    this.frameTimes.push(Date.now());
  }

  pong(payload: Buffer): void {
    this.pongs.push(payload.toString());
    this.frameTimes.push(Date.now());
  }

  close(): void {
    this.closed = 'closed';
  }

  terminate(): void {
    this.closed = 'terminated';
  }

  open(): void {
    this.events.onOpen();
  }

  message(frame: unknown): void {
    this.events.onMessage(JSON.stringify(frame));
  }

  ping(payload: string): void {
    this.events.onPing(Buffer.from(payload));
  }

  drop(code = 1006): void {
    this.events.onClose(code, '');
  }

  /** Acknowledges every request sent so far. */
  ackAll(): void {
    for (const { frame } of this.sent)
      this.message({ result: null, id: (frame as { id: number }).id });
  }

  kline(stream: string, openTimeMs: number, close: number, closed = false): void {
    const price = String(close);
    this.message({
      stream,
      data: {
        e: 'kline',
        E: openTimeMs + 1,
        k: { t: openTimeMs, o: price, h: price, l: price, c: price, v: '1', x: closed },
      },
    });
  }
}

/** A socket factory that keeps every socket it made. */
export class FakeUpstream {
  readonly sockets: FakeSocket[] = [];
  readonly connect: UpstreamSocketFactory = (url, events) => {
    const socket = new FakeSocket(url, events);
    this.sockets.push(socket);
    return socket;
  };

  get last(): FakeSocket {
    const socket = this.sockets.at(-1);
    if (socket === undefined) throw new Error('no socket was opened');
    return socket;
  }
}
