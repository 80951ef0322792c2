const TWO_POW_32 = 2 ** 32;

function mix32(value: number): number {
  let x = value | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/**
 * A small deterministic pseudo-random generator (mulberry32) plus a stable hash to derive
 * independent seeds from coordinates such as (seed, symbol, level, index). Every candle of the
 * simulated history is drawn from a generator seeded by its own coordinates, so any candle can be
 * recomputed on its own, in any order, and always comes out the same.
 */
export class SeededRandom {
  private state: number;
  private spare: number | undefined;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Hashes integer coordinates (any sign, up to 2^53) into a 32-bit seed. */
  static hash(...parts: readonly number[]): number {
    let h = 0x9e3779b9;
    for (const part of parts) {
      const low = ((part % TWO_POW_32) + TWO_POW_32) % TWO_POW_32;
      const high = Math.floor(part / TWO_POW_32);
      h = mix32((h ^ low) + 0x6d2b79f5);
      h = mix32((h ^ high) + 0x85ebca6b);
    }
    return h;
  }

  /** Hashes a text (e.g. a seed given as a word) into a 32-bit seed. */
  static hashText(text: string): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i += 1) {
      h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    }
    return mix32(h);
  }

  /** A uniform number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / TWO_POW_32;
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A standard normal draw (Box–Muller; each pair of uniforms yields two draws). */
  normal(): number {
    const spare = this.spare;
    if (spare !== undefined) {
      this.spare = undefined;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}
