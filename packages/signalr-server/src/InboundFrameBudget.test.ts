import { describe, expect, it } from '@jest/globals';
import { InboundFrameBudget } from './InboundFrameBudget';

/** A masked client frame with `payloadLength` bytes (7-, 16- or 64-bit length as the size needs). */
function frame(payloadLength: number, { fin = true, opcode = 1 } = {}): Buffer {
  const first = (fin ? 0x80 : 0) | opcode;
  let header: Buffer;
  if (payloadLength < 126) {
    header = Buffer.from([first, 0x80 | payloadLength]);
  } else if (payloadLength < 65_536) {
    header = Buffer.alloc(4);
    header.writeUInt8(first, 0);
    header.writeUInt8(0x80 | 126, 1);
    header.writeUInt16BE(payloadLength, 2);
  } else {
    header = Buffer.alloc(10);
    header.writeUInt8(first, 0);
    header.writeUInt8(0x80 | 127, 1);
    header.writeUInt32BE(0, 2);
    header.writeUInt32BE(payloadLength, 6);
  }
  return Buffer.concat([header, Buffer.from([1, 2, 3, 4]), Buffer.alloc(payloadLength, 0x78)]);
}

describe('InboundFrameBudget', () => {
  it('counts frames of every length form, whole or split at any byte, without false alarms', () => {
    const stream = Buffer.concat([frame(1), frame(300), frame(70_000), frame(0), frame(125)]);
    const whole = new InboundFrameBudget(5, 4, 0);
    const bytewise = new InboundFrameBudget(5, 4, 0);

    expect(whole.push(stream, 0)).toBeUndefined();
    for (const byte of stream) expect(bytewise.push(Buffer.from([byte]), 0)).toBeUndefined();
    // Both are now at exactly five frames: the sixth is one too many.
    expect(whole.push(frame(1), 0)).toBe('more than 5 frames per second');
    expect(bytewise.push(frame(1), 0)).toBe('more than 5 frames per second');
  });

  it('refills one second worth of frames per second', () => {
    const budget = new InboundFrameBudget(10, 4, 0);
    expect(budget.push(Buffer.concat(Array.from({ length: 10 }, () => frame(1))), 0)).toBe(
      undefined,
    );

    expect(budget.push(frame(1), 500)).toBeUndefined();
    expect(budget.push(Buffer.concat(Array.from({ length: 5 }, () => frame(1))), 500)).toBe(
      'more than 10 frames per second',
    );
  });

  it('counts fragments per message, ignoring control frames between them', () => {
    const budget = new InboundFrameBudget(100, 3, 0);
    const message = [
      frame(1, { fin: false, opcode: 1 }),
      frame(0, { opcode: 9 }), // a ping between fragments
      frame(1, { fin: false, opcode: 0 }),
      frame(1, { fin: true, opcode: 0 }),
    ];
    expect(budget.push(Buffer.concat(message), 0)).toBeUndefined();
    expect(budget.push(Buffer.concat(message), 0)).toBeUndefined();

    expect(
      budget.push(
        Buffer.concat([
          frame(1, { fin: false }),
          frame(1, { fin: false, opcode: 0 }),
          frame(1, { fin: false, opcode: 0 }),
          frame(1, { fin: false, opcode: 0 }),
        ]),
        0,
      ),
    ).toBe('a message in more than 3 fragments');
  });
});
