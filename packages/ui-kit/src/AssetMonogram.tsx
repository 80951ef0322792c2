import { monogramColor } from './monogramColor';

/** Props of {@link AssetMonogram}. */
export interface AssetMonogramProps {
  /** The asset (or, when the base asset is unknown, the symbol) whose letters it shows. */
  readonly code: string;
  /** Width and height in CSS pixels. */
  readonly size: number;
  /** The accessible name; the code by default. */
  readonly label?: string;
}

/** The letters a badge shows: up to three, after any Binance unit multiplier ("1000SATS" → SAT). */
function initials(code: string): string {
  const letters = code.toUpperCase().replace(/^(?:1000000|1000|1M)(?=[A-Z])/, '');
  return (letters || code.toUpperCase()).slice(0, 3);
}

/**
 * A round badge with the first letters of an asset on a colour derived from its code: what an
 * asset without a bundled logo shows, so the page never requests a logo that does not exist.
 *
 * @example
 * ```tsx
 * <AssetMonogram code="NOSUCHCOIN" size={20} /> // "NOS" on its own colour, role="img"
 * ```
 */
export function AssetMonogram({ code, size, label = code }: AssetMonogramProps) {
  const text = initials(code);
  // Inline styles, not `sx`: a list draws dozens of badges, each of its own colour, and emotion
  // would add a rule per colour while the list opens.
  return (
    <span
      role="img"
      aria-label={label}
      style={{
        width: size,
        height: size,
        flexShrink: 0,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: '50%',
        backgroundColor: monogramColor(code),
        color: '#ffffff',
        // Three letters need a smaller size to fit the circle.
        fontSize: Math.round(size * (text.length > 2 ? 0.34 : 0.44)),
        fontWeight: 700,
        lineHeight: 1,
        letterSpacing: '-0.02em',
        overflow: 'hidden',
        userSelect: 'none',
      }}
    >
      <span aria-hidden>{text}</span>
    </span>
  );
}
