import { WebSocket, type ClientOptions } from 'ws';

type Json = Record<string, unknown>;

interface Waiter {
  readonly predicate: (message: Json) => boolean;
  readonly resolve: (message: Json) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A WebSocket test client that buffers every JSON message and hands each one to the first `next`
 * call whose predicate matches it (messages nobody asked for stay buffered).
 */
export class StreamClient {
  private readonly buffer: Json[] = [];
  private readonly waiters: Waiter[] = [];
  /** Resolves with the close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as Json;
      const index = this.waiters.findIndex((waiter) => waiter.predicate(message));
      const waiter = this.waiters[index];
      if (waiter) {
        this.waiters.splice(index, 1);
        waiter.resolve(message);
      } else {
        this.buffer.push(message);
      }
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        // Nothing can match any more: fail the waiters now rather than at their timeouts.
        for (const waiter of this.waiters.splice(0)) {
          waiter.reject(new Error(`the connection closed with ${code} before a matching message`));
        }
        resolve({ code, reason: reason.toString('utf8') });
      });
    });
  }

  /** Opens a connection (rejects with the HTTP status when the upgrade is refused). */
  static connect(url: string, options?: ClientOptions): Promise<StreamClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options);
      const client = new StreamClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => {
        reject(new Error(`upgrade refused with HTTP ${response.statusCode}`));
      });
      socket.once('error', reject);
    });
  }

  /**
   * The next message matching `predicate` (buffered or future); rejects after `timeoutMs`, or when
   * the connection closes first.
   */
  next(predicate: (message: Json) => boolean = () => true, timeoutMs = 3000): Promise<Json> {
    const index = this.buffer.findIndex(predicate);
    const buffered = this.buffer[index];
    if (buffered) {
      this.buffer.splice(index, 1);
      return Promise.resolve(buffered);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** How many buffered (not yet taken) messages match `predicate`. */
  count(predicate: (message: Json) => boolean): number {
    return this.buffer.filter(predicate).length;
  }

  /** Resolves with the payload of the next ping frame; rejects if the connection closes first. */
  nextPing(): Promise<string> {
    if (this.socket.readyState !== WebSocket.OPEN) {
      return Promise.reject(new Error(`the socket is not open (state ${this.socket.readyState})`));
    }
    return new Promise((resolve, reject) => {
      const onPing = (data: Buffer): void => {
        this.socket.off('close', onClose);
        resolve(data.toString('utf8'));
      };
      const onClose = (code: number): void => {
        this.socket.off('ping', onPing);
        reject(new Error(`the connection closed with ${code} before a ping`));
      };
      this.socket.once('ping', onPing);
      this.socket.once('close', onClose);
    });
  }

  /** Sends a control request and resolves with the reply carrying the same id. */
  request(body: Json): Promise<Json> {
    this.socket.send(JSON.stringify(body));
    return this.next((message) => 'id' in message && message.id === body.id);
  }

  /** Sends raw text. */
  sendText(text: string): void {
    this.socket.send(text);
  }

  /** Drops buffered messages. */
  clear(): void {
    this.buffer.length = 0;
  }

  /** Closes the connection and waits until it is closed. */
  async close(): Promise<void> {
    if (
      this.socket.readyState === WebSocket.OPEN ||
      this.socket.readyState === WebSocket.CONNECTING
    ) {
      this.socket.close();
    }
    await this.closed;
  }
}
