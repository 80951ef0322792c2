import { describe, expect, it } from '@jest/globals';
import { encodeClusterEvent, MAX_NOTIFY_PAYLOAD_BYTES, parseClusterEvent } from './ClusterEvent';

describe('encodeClusterEvent', () => {
  it('writes a small event as one payload that parses back to the same event', () => {
    const event = { kind: 'created', alertIds: ['Xk3_9-abcdefghijklmnop'] } as const;

    const payloads = encodeClusterEvent(event);

    expect(payloads).toEqual(['{"kind":"created","alertIds":["Xk3_9-abcdefghijklmnop"]}']);
    expect(parseClusterEvent(payloads[0]!)).toEqual(event);
  });

  it('splits many ids into payloads under the NOTIFY limit that together carry every id once', () => {
    const alertIds = Array.from({ length: 1000 }, (_, i) => `alert-${String(i).padStart(16, '0')}`);

    const payloads = encodeClusterEvent({ kind: 'deleted', alertIds });

    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) {
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_NOTIFY_PAYLOAD_BYTES);
    }
    const carried = payloads.flatMap((payload) => parseClusterEvent(payload)!.alertIds);
    expect(carried).toEqual(alertIds);
    expect(new Set(payloads.map((payload) => parseClusterEvent(payload)!.kind))).toEqual(
      new Set(['deleted']),
    );
  });

  it('fills each payload as far as the limit allows', () => {
    const alertIds = ['aaaa', 'bbbb', 'cccc'];
    const two = Buffer.byteLength('{"kind":"deleted","alertIds":["aaaa","bbbb"]}');

    expect(encodeClusterEvent({ kind: 'deleted', alertIds }, two)).toEqual([
      '{"kind":"deleted","alertIds":["aaaa","bbbb"]}',
      '{"kind":"deleted","alertIds":["cccc"]}',
    ]);
  });

  it('writes nothing for an event without ids', () => {
    expect(encodeClusterEvent({ kind: 'triggered', alertIds: [] })).toEqual([]);
  });

  it('refuses an id too long for any payload, naming its length', () => {
    expect(() => encodeClusterEvent({ kind: 'created', alertIds: ['x'.repeat(8000)] })).toThrow(
      /8000 characters/,
    );
  });
});

describe('parseClusterEvent', () => {
  it('reads an event with several ids', () => {
    expect(parseClusterEvent('{"kind":"triggered","alertIds":["a","b"]}')).toEqual({
      kind: 'triggered',
      alertIds: ['a', 'b'],
    });
  });

  it.each([
    ['not JSON', 'created:abc'],
    ['JSON that is not an object', '"created"'],
    ['null', 'null'],
    ['an unknown kind', '{"kind":"updated","alertIds":["a"]}'],
    ['ids that are not a list', '{"kind":"created","alertIds":"a"}'],
    ['an empty id list', '{"kind":"created","alertIds":[]}'],
    ['an id that is not a string', '{"kind":"deleted","alertIds":["a",7]}'],
    ['an empty id', '{"kind":"deleted","alertIds":[""]}'],
  ])('ignores %s', (_what, payload) => {
    expect(parseClusterEvent(payload)).toBeUndefined();
  });
});
