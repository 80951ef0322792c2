import { type ServerResponse } from 'node:http';
import { type Frame } from './Frame';
import { type Transport, type TransportOwner } from './Transport';

const NO_CACHE_HEADERS = {
  'Cache-Control': 'no-cache, no-store',
  Pragma: 'no-cache',
  Expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
};

interface HeldPoll {
  readonly res: ServerResponse;
  readonly timer: NodeJS.Timeout;
}

/**
 * Server → client half of long polling. Messages wait in the connection's queue between polls; a
 * poll takes everything queued, or is held until something arrives or the poll timeout passes.
 * 204 tells the client that the connection is over.
 *
 * @internal
 */
export class LongPollingTransport implements Transport {
  readonly kind = 'LongPolling' as const;
  private held: HeldPoll | undefined;
  private lastPollEndedAt: number;
  private flushScheduled = false;
  private ended = false;

  constructor(
    private readonly owner: TransportOwner,
    private readonly pollTimeoutMs: number,
    now: number,
  ) {
    this.lastPollEndedAt = now;
  }

  /** Answers the activating first poll at once: the client sends nothing until it returns 200. */
  static answerFirstPoll(res: ServerResponse): void {
    res.writeHead(200, {
      ...NO_CACHE_HEADERS,
      'Content-Type': 'application/octet-stream',
      'Content-Length': '0',
    });
    res.end();
  }

  /** A new poll from the client. */
  poll(res: ServerResponse): void {
    res.socket?.setNoDelay(true);
    res.socket?.setTimeout(0);
    // The client has given up on an older poll it still sees as pending (e.g. its own timeout).
    if (this.held) this.finish(this.held, 204);
    if (this.ended) {
      this.answerEnded(res);
      return;
    }
    if (this.owner.hasQueued) {
      this.respond(res, this.owner.takeQueued());
      return;
    }
    const held: HeldPoll = {
      res,
      timer: setTimeout(() => this.finish(held, 200), this.pollTimeoutMs),
    };
    this.held = held;
    res.on('close', () => {
      if (this.held !== held) return;
      clearTimeout(held.timer);
      this.held = undefined;
      this.lastPollEndedAt = Date.now();
    });
  }

  /** `DELETE`: the client stopped. */
  deleteRequested(): void {
    this.ended = true;
    if (this.held) this.finish(this.held, 204);
    this.owner.transportClosed();
  }

  tryWrite(): boolean {
    return false;
  }

  notifyQueued(): void {
    if (this.flushScheduled || !this.held) return;
    // Deferred by one turn so messages sent together leave in one poll response.
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const held = this.held;
      if (!held || !this.owner.hasQueued) return;
      this.detach(held);
      this.respond(held.res, this.owner.takeQueued());
    });
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    const held = this.held;
    if (held) {
      this.detach(held);
      this.answerEnded(held.res);
    }
  }

  abort(): void {
    this.ended = true;
    if (this.held) this.finish(this.held, 204);
    this.owner.transportClosed();
  }

  idleFor(now: number): number {
    return this.held ? 0 : now - this.lastPollEndedAt;
  }

  /** After the end: deliver what is left (the Close record), then 204 and release. */
  private answerEnded(res: ServerResponse): void {
    if (this.owner.hasQueued) {
      this.respond(res, this.owner.takeQueued());
    } else {
      LongPollingTransport.writeStatus(res, 204);
      this.owner.transportClosed();
    }
  }

  private finish(held: HeldPoll, status: 200 | 204): void {
    this.detach(held);
    LongPollingTransport.writeStatus(held.res, status);
  }

  private detach(held: HeldPoll): void {
    clearTimeout(held.timer);
    if (this.held === held) this.held = undefined;
    this.lastPollEndedAt = Date.now();
  }

  private respond(res: ServerResponse, frames: Frame[]): void {
    const body =
      frames.length === 1 ? frames[0]!.bytes : Buffer.concat(frames.map((frame) => frame.bytes));
    res.writeHead(200, {
      ...NO_CACHE_HEADERS,
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(body.length),
    });
    res.end(body);
    this.lastPollEndedAt = Date.now();
  }

  private static writeStatus(res: ServerResponse, status: 200 | 204): void {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(
      status,
      status === 200 ? { ...NO_CACHE_HEADERS, 'Content-Length': '0' } : NO_CACHE_HEADERS,
    );
    res.end();
  }
}
