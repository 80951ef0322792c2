import { WebSocket } from 'ws';
import { type StreamSocket } from '../ws/StreamConnection';

/** A client socket for unit tests of the stream units: it records what the server does to it. */
export class FakeStreamSocket implements StreamSocket {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  /** Text frames sent, oldest first. */
  readonly sent: string[] = [];
  /** Payloads of the pings sent, oldest first. */
  readonly pings: string[] = [];
  /** The close frame's code and reason, once closed. */
  closedWith: { code: number; reason: string } | undefined;
  terminated = false;

  send(text: string): void {
    this.sent.push(text);
  }

  ping(payload: string): void {
    this.pings.push(payload);
  }

  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
    this.readyState = WebSocket.CLOSING;
  }

  terminate(): void {
    this.terminated = true;
    this.readyState = WebSocket.CLOSED;
  }

  /** The sent frames parsed as JSON, and forgets them. */
  takeSent(): unknown[] {
    return this.sent.splice(0).map((text) => JSON.parse(text) as unknown);
  }
}
