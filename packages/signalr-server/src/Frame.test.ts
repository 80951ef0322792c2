import { describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { Frame } from './Frame';

/** `ws`'s frame parser; exported by `ws` at run time but absent from its type definitions. */
interface FrameReceiver {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  write(chunk: Buffer): void;
}
const { Receiver } = WebSocket as unknown as {
  Receiver: new (options: { isServer: boolean }) => FrameReceiver;
};

/** Decodes server frames with `ws`'s own parser, the reference for what clients accept. */
function decode(bytes: Buffer): string[] {
  const messages: string[] = [];
  const receiver = new Receiver({ isServer: false });
  receiver.on('message', (data, isBinary) => {
    expect(isBinary).toBe(false);
    messages.push(data.toString('utf8'));
  });
  receiver.write(bytes);
  return messages;
}

describe('Frame', () => {
  it.each([
    ['a short record', 10],
    ['a record needing the 16-bit length', 300],
    ['a record needing the 64-bit length', 70_000],
  ])('encodes %s as a text frame that ws decodes back', (_name, size) => {
    const frame = new Frame(`"${'é'.repeat(size)}"\x1e`);

    expect(decode(frame.webSocketBytes)).toEqual([frame.text]);
  });

  it('joins frames into one delivery keeping every record whole', () => {
    const joined = Frame.join([
      Frame.fromMessage({ type: 6 }),
      Frame.fromMessage({ type: 1, target: 'A', arguments: [] }),
    ]);

    expect(joined.text).toBe('{"type":6}\x1e{"type":1,"target":"A","arguments":[]}\x1e');
    expect(decode(joined.webSocketBytes)).toEqual([joined.text]);
  });

  it('frames SSE deliveries as one unnamed data event', () => {
    expect(new Frame('{}\x1e').sseBytes.toString()).toBe('data: {}\x1e\r\n\r\n');
  });
});
