import { describe, expect, it } from '@jest/globals';
import { AppConfigError, parseAppConfig } from './AppConfig';

const valid = {
  apiUrl: 'http://127.0.0.1:5080/',
  remotes: {
    alerts: 'http://127.0.0.1:8081/mf-manifest.json',
    positions: 'https://cdn.example.test/positions/mf-manifest.json',
  },
};

describe('parseAppConfig', () => {
  it('accepts a complete configuration and strips the api URL of its trailing slash', () => {
    expect(parseAppConfig(valid)).toEqual({ ...valid, apiUrl: 'http://127.0.0.1:5080' });
  });

  it('refuses a document that is not an object', () => {
    expect(() => parseAppConfig([valid])).toThrow(AppConfigError);
    expect(() => parseAppConfig(null)).toThrow('expected an object, got null');
  });

  it('names a missing api URL', () => {
    expect(() => parseAppConfig({ ...valid, apiUrl: undefined })).toThrow(
      '"apiUrl" must be a URL string',
    );
  });

  it('names a relative remote URL with the value found', () => {
    expect(() =>
      parseAppConfig({ ...valid, remotes: { ...valid.remotes, positions: '/mf-manifest.json' } }),
    ).toThrow('"remotes.positions" is not an absolute URL: "/mf-manifest.json"');
  });

  it('refuses a URL that is not http or https', () => {
    expect(() => parseAppConfig({ ...valid, apiUrl: 'ftp://127.0.0.1' })).toThrow(
      '"apiUrl" must be http(s)',
    );
  });

  it('refuses a configuration without remotes', () => {
    expect(() => parseAppConfig({ apiUrl: valid.apiUrl })).toThrow(
      '"remotes" must be an object, got undefined',
    );
  });
});
