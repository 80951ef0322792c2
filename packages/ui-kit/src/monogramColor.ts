/**
 * The lightness of every monogram colour (HSL, percent). At 28 % the lightest hue (yellow) still
 * gives white text 5.4:1, above WCAG AA's 4.5:1, so the badge reads the same in light and dark mode.
 */
const LIGHTNESS = 0.28;
const SATURATION = 0.55;

/** FNV-1a: a stable, well-spread 32-bit hash, so an asset keeps its colour on every device. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hex(channel: number): string {
  return Math.round(channel * 255)
    .toString(16)
    .padStart(2, '0');
}

/**
 * The background colour of an asset's monogram badge: a hue derived from the asset code, dark
 * enough for white text in both colour modes.
 *
 * @param asset - the asset code, any case ("PEPE" and "pepe" get the same colour).
 * @returns a `#rrggbb` colour.
 * @example `monogramColor('PEPE')` → the same `#rrggbb` every time
 */
export function monogramColor(asset: string): string {
  const hue = hash(asset.toUpperCase()) % 360;
  // HSL → RGB (CSS Color 4's algorithm), so the colour is a plain hex value tests can measure.
  const a = SATURATION * Math.min(LIGHTNESS, 1 - LIGHTNESS);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return LIGHTNESS - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return `#${hex(channel(0))}${hex(channel(8))}${hex(channel(4))}`;
}
