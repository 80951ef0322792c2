import { WebSocket, type ClientOptions } from 'ws';

type Json = Record<string, unknown>;

interface Waiter {
  readonly predicate: (message: Json) => boolean;
  readonly resolve: (message: Json) => void;
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
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
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

  /** The next message matching `predicate` (buffered or future); rejects after `timeoutMs`. */
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
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
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
