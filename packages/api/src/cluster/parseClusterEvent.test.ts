import { describe, expect, it } from '@jest/globals';
import { parseClusterEvent } from './parseClusterEvent';

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
