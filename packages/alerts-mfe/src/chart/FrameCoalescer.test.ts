import { describe, expect, it } from '@jest/globals';
import { FrameCoalescer } from './FrameCoalescer';
import { ManualFrames } from '../test-support/ManualFrames';

describe('FrameCoalescer', () => {
  it('delivers nothing until the animation frame', () => {
    const frames = new ManualFrames();
    const delivered: number[][] = [];
    const coalescer = new FrameCoalescer<number>(
      (n) => n,
      (items) => delivered.push([...items]),
      frames,
    );
    coalescer.push(1);
    expect(delivered).toEqual([]);
    expect(frames.pending).toBe(1);
  });

  it('keeps only the latest item per key and schedules one frame', () => {
    const frames = new ManualFrames();
    const delivered: { key: number; value: string }[][] = [];
    const coalescer = new FrameCoalescer<{ key: number; value: string }>(
      (item) => item.key,
      (items) => delivered.push([...items]),
      frames,
    );
    coalescer.push({ key: 1, value: 'a' });
    coalescer.push({ key: 1, value: 'b' });
    coalescer.push({ key: 2, value: 'c' });
    coalescer.push({ key: 1, value: 'd' });
    expect(frames.pending).toBe(1);
    frames.runFrame();
    expect(delivered).toEqual([
      [
        { key: 1, value: 'd' },
        { key: 2, value: 'c' },
      ],
    ]);
  });

  it('drops queued items on clear', () => {
    const frames = new ManualFrames();
    const delivered: number[] = [];
    const coalescer = new FrameCoalescer<number>(
      (n) => n,
      (items) => delivered.push(...items),
      frames,
    );
    coalescer.push(1);
    coalescer.clear();
    frames.runFrame();
    expect(delivered).toEqual([]);
    expect(frames.pending).toBe(0);
  });
});
