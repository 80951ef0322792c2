import { describe, expect, it } from '@jest/globals';
import { remoteAssetUrls } from './remoteAssetUrls';

const MANIFEST = 'http://127.0.0.1:8081/mf-manifest.json';

describe('remoteAssetUrls', () => {
  it("lists the entry, every expose's chunks and the shared chunks the shell does not provide, beside the manifest", () => {
    const urls = remoteAssetUrls(
      MANIFEST,
      {
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          { assets: { js: { sync: ['a.1.js', 'b.2.js'], async: ['c.3.js'] } } },
          { assets: { js: { sync: ['b.2.js'] }, css: { sync: ['d.4.css'] } } },
        ],
        shared: [
          { name: 'react', assets: { js: { sync: ['react.5.js'] } } },
          { name: 'dexie', assets: { js: { sync: ['dexie.6.js'] } } },
        ],
      },
      new Set(['react']),
    );
    expect(urls).toEqual(
      ['remoteEntry.js', 'a.1.js', 'b.2.js', 'c.3.js', 'd.4.css', 'dexie.6.js'].map(
        (file) => `http://127.0.0.1:8081/${file}`,
      ),
    );
  });

  it('ignores what is not a file name, and an entry in a folder stays in it', () => {
    expect(
      remoteAssetUrls(
        'http://cdn.example/alerts/mf-manifest.json',
        {
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'js' } },
          exposes: [{ assets: { js: { sync: [42, '', 'x.7.js'] } } }],
        },
        new Set(),
      ),
    ).toEqual(['http://cdn.example/alerts/js/remoteEntry.js', 'http://cdn.example/alerts/x.7.js']);
  });
});
