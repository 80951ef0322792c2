import { describe, expect, it } from '@jest/globals';
import { validateWebhookUrl } from './validateWebhookUrl';

describe('validateWebhookUrl', () => {
  it.each([
    'https://hooks.example.com/pairwatch',
    'http://bot.example.org:8080/alert?key=abc',
    'https://8.8.8.8/hook',
  ])('accepts %s', (url) => {
    expect(validateWebhookUrl(url, false)).toBeUndefined();
  });

  it.each([
    ['not a url', 'url must be an http:// or https:// URL'],
    ['/relative/path', 'url must be an http:// or https:// URL'],
    ['ftp://example.com/x', 'url must be an http:// or https:// URL'],
    ['file:///etc/passwd', 'url must be an http:// or https:// URL'],
    ['javascript:alert(1)', 'url must be an http:// or https:// URL'],
    [`https://example.com/${'a'.repeat(2048)}`, 'url must be at most 2048 characters long'],
  ])('refuses %s', (url, problem) => {
    expect(validateWebhookUrl(url, false)).toBe(problem);
  });

  it.each([
    ['http://localhost:3000/hook', 'the local machine (localhost)'],
    ['http://127.0.0.1/hook', 'a loopback address (127.0.0.1)'],
    ['http://10.0.0.8/hook', 'a private address (10.0.0.8)'],
    ['http://169.254.169.254/latest/meta-data', 'a link-local address (169.254.169.254)'],
    ['http://metadata.google.internal/computeMetadata', 'a cloud metadata service'],
  ])('refuses %s, inside our network', (url, what) => {
    const problem = validateWebhookUrl(url, false);

    expect(problem).toContain(`url's host is ${what}`);
    expect(problem).toMatch(/alerts are not sent into the api's own network$/);
  });

  it('with private hosts allowed, admits loopback and LAN, never link-local or metadata', () => {
    expect(validateWebhookUrl('http://127.0.0.1:4000/hook', true)).toBeUndefined();
    expect(validateWebhookUrl('http://localhost:4000/hook', true)).toBeUndefined();
    expect(validateWebhookUrl('http://192.168.1.20/hook', true)).toBeUndefined();
    expect(validateWebhookUrl('http://169.254.169.254/', true)).toMatch(
      /^url's host is a link-local address \(169\.254\.169\.254\)/,
    );
    expect(validateWebhookUrl('http://[fd00:ec2::254]/', true)).toMatch(
      /^url's host is a cloud metadata service \(\[fd00:ec2::254\]\)/,
    );
    expect(validateWebhookUrl('http://[fe80::1]/', true)).toMatch(/link-local/);
  });
});
