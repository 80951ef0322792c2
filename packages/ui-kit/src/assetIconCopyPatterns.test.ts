import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { assetIconFile } from '@pairwatch/domain';
import { assetIconCopyPatterns } from '../scripts/assetIconCopyPatterns.cjs';

// The icon set is ui-kit's dependency: the scripts read it from here.
const coreDir = path.dirname(require.resolve('@web3icons/core'));
const commonDir = path.dirname(require.resolve('@web3icons/common'));

describe('assetIconCopyPatterns', () => {
  const patterns = assetIconCopyPatterns();
  const copied = patterns.flatMap((pattern) => {
    const folder = path.dirname(pattern.from);
    return readdirSync(folder)
      .map((name) => path.join(folder, name))
      .filter((file) => file.endsWith('.svg.js') && pattern.filter(file))
      .map((file) => ({ pattern, file, to: pattern.to({ absoluteFilename: file }) }));
  });

  it('copies from the installed @web3icons packages', () => {
    expect(commonDir).toContain('@web3icons');
    for (const pattern of patterns)
      expect(pattern.from.startsWith(coreDir.split(path.sep).join('/'))).toBe(true);
  });

  it('copies one file per bundled logo, where assetIconFile points', () => {
    expect(copied.length).toBeGreaterThan(1000);
    expect(new Set(copied.map((c) => c.to)).size).toBe(copied.length);
    for (const { to } of copied) {
      const code = path.basename(to, '.svg');
      expect(to).toBe(`icons/${assetIconFile(code)}`);
    }
    expect(copied.map((c) => c.to)).toContain('icons/btc.svg');
    // Toncoin's logo is its chain's.
    expect(copied.map((c) => c.to)).toContain('icons/ton.svg');
  });

  it('turns each module back into its SVG file', () => {
    const btc = copied.find((c) => c.to === 'icons/btc.svg')!;
    const svg = btc.pattern.transform.transformer(Buffer.from(''), btc.file).toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg.trimEnd()).toMatch(/<\/svg>$/);
  });
});
