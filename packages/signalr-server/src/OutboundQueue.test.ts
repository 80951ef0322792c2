import { describe, expect, it } from '@jest/globals';
import { Frame } from './Frame';
import { OutboundQueue } from './OutboundQueue';

const frame = (text: string): Frame => new Frame(`${text}\x1e`);
const texts = (frames: Frame[]): string[] => frames.map((f) => f.text.slice(0, -1));

describe('OutboundQueue', () => {
  it('returns unkeyed messages in the order they were queued', () => {
    const queue = new OutboundQueue();
    queue.push(frame('a'));
    queue.push(frame('b'));
    queue.push(frame('c'));

    expect(texts(queue.takeAll())).toEqual(['a', 'b', 'c']);
    expect(queue.isEmpty).toBe(true);
  });

  it('replaces an older message with the same key and moves the newer one to the end', () => {
    const queue = new OutboundQueue();
    queue.push(frame('btc-1'), 'BTC');
    queue.push(frame('completion'));
    queue.push(frame('eth-1'), 'ETH');
    queue.push(frame('btc-2'), 'BTC');
    queue.push(frame('btc-3'), 'BTC');

    expect(queue.length).toBe(3);
    expect(texts(queue.takeAll())).toEqual(['completion', 'eth-1', 'btc-3']);
  });

  it('counts only the bytes of messages still queued', () => {
    const queue = new OutboundQueue();
    queue.push(frame('x'.repeat(99)), 'k');
    queue.push(frame('y'.repeat(9)), 'k');

    expect(queue.byteLength).toBe(10);
    queue.clear();
    expect(queue.byteLength).toBe(0);
  });

  it('stays small when one key is replaced many times', () => {
    const queue = new OutboundQueue();
    for (let n = 0; n < 10_000; n += 1) queue.push(frame(`u${n}`), 'k');

    expect(queue.length).toBe(1);
    expect(texts(queue.takeAll())).toEqual(['u9999']);
  });
});
