import { describe, expect, it } from '@jest/globals';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { acceptedBodyEncoding, CompressedBodies } from './CompressedBodies';

const json = (n: number) => JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, n })));

describe('CompressedBodies', () => {
  it('compresses a JSON answer that decodes to the same text, and reuses it while unchanged', async () => {
    const bodies = new CompressedBodies();
    const first = await bodies.body('a', json(1), 'br');
    expect(brotliDecompressSync(first).toString()).toBe(json(1));
    expect(await bodies.body('a', json(1), 'br')).toBe(first);
    const gz = await bodies.body('a', json(1), 'gzip');
    expect(gunzipSync(gz).toString()).toBe(json(1));
  });

  it('compresses again when the answer to the same request changed', async () => {
    const bodies = new CompressedBodies();
    const first = await bodies.body('a', json(1), 'br');
    const second = await bodies.body('a', json(2), 'br');
    expect(second).not.toBe(first);
    expect(brotliDecompressSync(second).toString()).toBe(json(2));
  });

  it('forgets the least recently used request beyond its size', async () => {
    const bodies = new CompressedBodies(2);
    const a = await bodies.body('a', json(1), 'gzip');
    await bodies.body('b', json(1), 'gzip');
    expect(await bodies.body('a', json(1), 'gzip')).toBe(a); // a is now the most recent
    await bodies.body('c', json(1), 'gzip'); // b goes
    expect(bodies.size).toBe(2);
    expect(await bodies.body('a', json(1), 'gzip')).toBe(a);
    const b = await bodies.body('b', json(1), 'gzip');
    expect(gunzipSync(b).toString()).toBe(json(1));
  });
});

describe('CompressedBodies.bodyOfParts', () => {
  const parts = (n: number) => Array.from({ length: 200 }, (_, i) => ({ i, n }));

  it('serializes only when the parts are not the very same objects as last time', async () => {
    const bodies = new CompressedBodies();
    const first = parts(1);
    let serialized = 0;
    const serialize = (values: readonly object[]) => () => {
      serialized += 1;
      return JSON.stringify(values);
    };
    const a = await bodies.bodyOfParts('a', first, serialize(first), 'br');
    // A new array of the same objects (a new slice of the candle cache) is the same answer.
    expect(await bodies.bodyOfParts('a', [...first], serialize(first), 'br')).toBe(a);
    expect(serialized).toBe(1);
    // One object replaced (the forming candle updated): serialized and compressed again.
    const next = [...first.slice(0, -1), { i: 199, n: 2 }];
    const b = await bodies.bodyOfParts('a', next, serialize(next), 'br');
    expect(serialized).toBe(2);
    expect(JSON.parse(brotliDecompressSync(b).toString())).toEqual(next);
    // Equal-looking but different objects are not trusted to be the same.
    await bodies.bodyOfParts('a', parts(2), serialize(parts(2)), 'br');
    expect(serialized).toBe(3);
  });

  it('counts the parts array in the byte budget', async () => {
    const bodies = new CompressedBodies();
    const values = parts(1);
    await bodies.bodyOfParts('a', values, () => JSON.stringify(values), 'gzip');
    const withParts = bodies.bytes;
    const plain = new CompressedBodies();
    await plain.body('a', JSON.stringify(values), 'gzip');
    expect(withParts - plain.bytes).toBe(values.length * 8);
  });
});

describe('CompressedBodies within a byte budget', () => {
  it('forgets the least recently used answers once their bytes pass the budget, never the one asked for', async () => {
    const size = json(1).length;
    // Room for two answers' JSON and their small compressed bodies, not three.
    const bodies = new CompressedBodies(100, Math.floor(size * 2.5));
    await bodies.body('a', json(1), 'gzip');
    await bodies.body('b', json(2), 'gzip');
    expect(bodies.size).toBe(2);
    await bodies.body('c', json(3), 'gzip');
    expect(bodies.size).toBe(2);
    expect(bodies.bytes).toBeLessThanOrEqual(Math.floor(size * 2.5));
    // One answer larger than the whole budget is still served, alone.
    const huge = JSON.stringify(Array.from({ length: 2_000 }, (_, i) => ({ i })));
    const body = await bodies.body('huge', huge, 'gzip');
    expect(gunzipSync(body).toString()).toBe(huge);
    expect(bodies.size).toBe(1);
  });
});

describe('acceptedBodyEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['BR', 'br'],
  ])('%j → %j', (header, expected) => {
    expect(acceptedBodyEncoding(header)).toBe(expected);
  });
});
