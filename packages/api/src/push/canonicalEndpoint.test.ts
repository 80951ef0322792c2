import { describe, expect, it } from '@jest/globals';
import { canonicalEndpoint } from './canonicalEndpoint';

const KNOWN = 'https://push.example.com/send/AbC%2F123?topic=x';

describe('canonicalEndpoint', () => {
  it.each([
    'HTTPS://PUSH.example.com/send/AbC%2F123?topic=x',
    'https://push.example.com:443/send/AbC%2F123?topic=x',
    'https://push.example.com/send/AbC%2F123?topic=x#fragment',
    'https://push.example.com/send/./AbC%2F123?topic=x',
    'https://push.example.com/send/AbC%2f123?topic=x',
    'https://push.example.com/send/%41bC%2F123?topic=x',
    'https://push.example.com/send/AbC%2F123?%74opic=x',
    'https://push.example.com/send/x/%2E%2E/AbC%2F123?topic=x',
  ])('spells %s as the known endpoint', (spelling) => {
    expect(canonicalEndpoint(spelling).href).toBe(KNOWN);
  });

  it('keeps an encoded reserved character encoded: %2F is not a path separator', () => {
    expect(canonicalEndpoint('https://push.example.com/a%2Fb').pathname).toBe('/a%2Fb');
    expect(canonicalEndpoint('https://push.example.com/a/b').pathname).toBe('/a/b');
  });

  it.each([
    ['http://push.example.com/x', 'https://'],
    ['https://user:pw@push.example.com/x', 'user name or password'],
    ['not a url', 'not a URL'],
  ])('refuses %s', (endpoint, detail) => {
    expect(() => canonicalEndpoint(endpoint)).toThrow(detail);
  });
});
