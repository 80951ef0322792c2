import { describe, expect, it } from '@jest/globals';
import { RecordSplitter } from './RecordSplitter';

const text = (buffers: Buffer[]): string[] => buffers.map((b) => b.toString('utf8'));

describe('RecordSplitter', () => {
  it('returns every whole record of a chunk', () => {
    const splitter = new RecordSplitter(100);

    expect(text(splitter.push(Buffer.from('{"a":1}\x1e{"b":2}\x1e')).records)).toEqual([
      '{"a":1}',
      '{"b":2}',
    ]);
    expect(splitter.pendingBytes).toBe(0);
  });

  it('keeps an unfinished record until the rest arrives', () => {
    const splitter = new RecordSplitter(100);

    expect(text(splitter.push(Buffer.from('{"a":1}\x1e{"b"')).records)).toEqual(['{"a":1}']);
    expect(splitter.pendingBytes).toBe(4);
    expect(text(splitter.push(Buffer.from(':2}\x1e')).records)).toEqual(['{"b":2}']);
  });

  it('reports a record over the limit, after the records before it', () => {
    const splitter = new RecordSplitter(5);
    const result = splitter.push(Buffer.from('{}\x1e0123456789\x1e'));

    expect(text(result.records)).toEqual(['{}']);
    expect(result.oversized).toEqual({ byteLength: 10 });
  });

  it('reports an unfinished tail over the limit instead of buffering it', () => {
    const splitter = new RecordSplitter(5);

    expect(splitter.push(Buffer.from('0123')).oversized).toBeUndefined();
    expect(splitter.push(Buffer.from('45')).oversized).toEqual({ byteLength: 6 });
  });

  it('measures the limit in bytes, not characters', () => {
    const splitter = new RecordSplitter(4);

    expect(splitter.push(Buffer.from('ééé\x1e')).oversized).toEqual({ byteLength: 6 });
  });
});
