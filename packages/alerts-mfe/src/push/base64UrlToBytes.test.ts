import { describe, expect, it } from '@jest/globals';
import { base64UrlToBytes } from './base64UrlToBytes';

describe('base64UrlToBytes', () => {
  it('decodes base64url with or without padding', () => {
    expect([...base64UrlToBytes('BAECAwQ')]).toEqual([4, 1, 2, 3, 4]);
    expect([...base64UrlToBytes('-_8=')]).toEqual([251, 255]);
  });

  it('rejects text that is not base64url', () => {
    expect(() => base64UrlToBytes('a+b/')).toThrow('Not base64url');
  });
});
