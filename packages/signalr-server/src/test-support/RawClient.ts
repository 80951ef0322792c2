import { type Socket } from 'node:net';
import WebSocket from 'ws';

const RS = '\x1e';

/** Answer of a raw HTTP request. */
export interface RawResponse {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
}

/** Sends one HTTP request and reads the whole answer. */
export async function request(
  method: string,
  url: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const response = await fetch(url, { method, body, headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** Negotiates (version 1) and returns the connection id and token. */
export async function negotiate(
  hubUrl: string,
): Promise<{ connectionId: string; connectionToken: string }> {
  const response = await request('POST', `${hubUrl}/negotiate?negotiateVersion=1`);
  if (response.status !== 200)
    throw new Error(`negotiate answered ${response.status}: ${response.text}`);
  return JSON.parse(response.text) as { connectionId: string; connectionToken: string };
}

/**
 * A WebSocket client speaking the SignalR JSON protocol by hand, for what the official client
 * never sends: it records every record received and how the socket closed.
 */
export class RawWsClient {
  readonly records: string[] = [];
  closeCode: number | undefined;
  private readonly ws: WebSocket;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data: Buffer) => {
      for (const record of data.toString('utf8').split(RS))
        if (record !== '') this.records.push(record);
    });
    ws.on('close', (code) => {
      this.closeCode = code;
    });
  }

  /** Opens a WebSocket to `hubUrl` (with `?id=token` when given); rejects with the HTTP status if refused. */
  static open(
    hubUrl: string,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<RawWsClient> {
    const wsUrl = hubUrl.replace(/^http/, 'ws') + (token === undefined ? '' : `?id=${token}`);
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrl, { headers });
      ws.once('open', () => resolve(new RawWsClient(ws)));
      ws.once('unexpected-response', (_req, res) =>
        reject(new HttpStatusError(res.statusCode ?? 0)),
      );
      ws.once('error', reject);
    });
  }

  /** Sends raw text as one text frame. */
  sendText(text: string): void {
    this.ws.send(text);
  }

  /** Sends raw text as one fragment of a text message; `fin` ends the message. */
  sendFragment(text: string, fin: boolean): void {
    this.ws.send(text, { fin });
  }

  /** Sends raw bytes as one binary frame. */
  sendBinary(bytes: Buffer): void {
    this.ws.send(bytes);
  }

  /** Sends a valid handshake and waits for `{}`. */
  async handshake(): Promise<void> {
    this.sendText(`{"protocol":"json","version":1}${RS}`);
    await this.waitForRecords(1);
    if (this.records[0] !== '{}') throw new Error(`Handshake answered ${this.records[0]}`);
  }

  async waitForRecords(count: number, timeoutMs = 3_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.records.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`Expected ${count} records, got ${JSON.stringify(this.records)}.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return this.records;
  }

  /** Waits until the server closes the socket; returns the close code. */
  async waitForClose(timeoutMs = 3_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.closeCode === undefined) {
      if (Date.now() > deadline) throw new Error('The server did not close the WebSocket.');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return this.closeCode;
  }

  /** Records other than pings. */
  get messages(): string[] {
    return this.records.filter((record) => record !== '{"type":6}');
  }

  /** The underlying socket's TCP stream, to stop reading (a slow consumer). */
  get rawSocket(): Socket {
    return (this.ws as unknown as { _socket: Socket })._socket;
  }

  close(): void {
    this.ws.terminate();
  }
}

/** A refused upgrade. */
export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`Unexpected HTTP status ${status}`);
  }
}
