import { describe, expect, it } from '@jest/globals';
import { monogramColor } from './monogramColor';

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('monogramColor', () => {
  it('gives an asset the same colour every time, whatever the case', () => {
    expect(monogramColor('PEPE')).toMatch(/^#[0-9a-f]{6}$/);
    expect(monogramColor('pepe')).toBe(monogramColor('PEPE'));
  });

  it('spreads assets over many colours', () => {
    const colours = new Set(
      ['AAA', 'AAB', 'XYZ', 'PEPE', 'WIF', 'BONK', 'NOT', 'ZK'].map(monogramColor),
    );
    expect(colours.size).toBeGreaterThanOrEqual(7);
  });

  it('keeps white text at WCAG AA contrast (4.5:1) on every colour', () => {
    const worst = Math.min(
      ...Array.from({ length: 2000 }, (_, i) => 1.05 / (luminance(monogramColor(`A${i}`)) + 0.05)),
    );
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});
