import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The content codings the api compresses JSON answers with, best first. */
export type BodyEncoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli's quality by default: @fastify/compress's for the rest of the api (app.ts), ~4× smaller. */
const DEFAULT_BROTLI_QUALITY = 4;

function compress(json: string, encoding: BodyEncoding, brotliQuality: number): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
    : gzip(json);
}

interface Entry {
  readonly json: string;
  /** The immutable values the JSON was made from, when the caller gave them (see bodyOfParts). */
  parts?: readonly object[];
  readonly bodies: Map<BodyEncoding, Promise<Buffer>>;
  /**
   * The JSON's length, the parts array's slots and the compressed bodies' bytes once made (what
   * the entry holds; the parts themselves belong to whoever made them, the candle cache).
   */
  bytes: number;
}

/**
 * The compressed bytes of the last answer to each request, reused while the answer's JSON is the
 * same. Charts open on the same few latest pages (every symbol × interval) and the candles change
 * about once a second, so compressing each answer anew was the api's largest cost under load
 * (`pnpm bench:load`: 500 GET /candles/s of 500 bars). Least recently used entries go first.
 */
export class CompressedBodies {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;

  /**
   * @param maxEntries - how many requests are remembered (~80 KiB each for 500 candles).
   * @param maxBytes - what they may hold together (default 32 MiB): answers of 1,000 candles or
   * the whole symbol catalogue are larger, so a count alone does not bound the memory.
   * @param brotliQuality - 0–11 (default 4); lower for answers that change every few seconds.
   */
  constructor(
    private readonly maxEntries = 256,
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly brotliQuality = DEFAULT_BROTLI_QUALITY,
  ) {}

  /** The number of requests remembered. */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes remembered (JSON text and compressed bodies). */
  get bytes(): number {
    return this.totalBytes;
  }

  /**
   * `json` compressed with `encoding`: the remembered bytes when `key` last answered the same
   * JSON, else compressed now (once, however many requests wait for it) and remembered.
   */
  body(key: string, json: string, encoding: BodyEncoding): Promise<Buffer> {
    return this.remembered(key, json, encoding, undefined);
  }

  /**
   * Like {@link body}, for an answer made from immutable `parts` (candles, which the candle cache
   * replaces rather than changes): while `key` last answered the very same parts in the same
   * order, its bytes are reused without calling `serialize`. Serializing 500 candles cost more
   * than compressing them once the bodies were reused (`pnpm bench:load` profile), and a chart's
   * page changes about once a second while it is asked for several times a second.
   */
  bodyOfParts(
    key: string,
    parts: readonly object[],
    serialize: () => string,
    encoding: BodyEncoding,
  ): Promise<Buffer> {
    const entry = this.entries.get(key);
    const same = entry?.parts !== undefined && sameParts(entry.parts, parts);
    return this.remembered(key, same ? entry!.json : serialize(), encoding, parts);
  }

  private remembered(
    key: string,
    json: string,
    encoding: BodyEncoding,
    parts: readonly object[] | undefined,
  ): Promise<Buffer> {
    let entry = this.entries.get(key);
    if (entry?.json !== json) {
      if (entry !== undefined) this.totalBytes -= entry.bytes;
      entry = { json, bodies: new Map(), bytes: json.length };
      this.totalBytes += entry.bytes;
    }
    if (parts !== undefined && entry.parts !== parts) {
      // 8 bytes a slot: the array is the entry's own; the objects in it are shared.
      const slots = (ps: readonly object[] | undefined) => (ps?.length ?? 0) * 8;
      this.totalBytes += slots(parts) - slots(entry.parts);
      entry.bytes += slots(parts) - slots(entry.parts);
      entry.parts = parts;
    }
    // Re-inserted: the Map's order is the order of use.
    this.entries.delete(key);
    this.entries.set(key, entry);
    let body = entry.bodies.get(encoding);
    if (body === undefined) {
      body = compress(json, encoding, this.brotliQuality);
      const made = entry;
      made.bodies.set(encoding, body);
      body.then(
        (buffer) => {
          // Counted only while the entry is still remembered (it may have been dropped meanwhile).
          if (this.entries.get(key) !== made) return;
          made.bytes += buffer.length;
          this.totalBytes += buffer.length;
          this.trim(key);
        },
        // A failure is not remembered: the next request compresses again.
        () => made.bodies.delete(encoding),
      );
    }
    this.trim(key);
    return body;
  }

  /** Forgets the least recently used requests beyond the count or the bytes, never `keep`. */
  private trim(keep: string): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.totalBytes <= this.maxBytes) return;
      if (key === keep) continue;
      this.entries.delete(key);
      this.totalBytes -= entry.bytes;
    }
  }
}

/** The same objects in the same order. */
function sameParts(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The coding to answer with for an `Accept-Encoding` header: brotli, else gzip, else none
 * (`q=0` refuses a coding).
 */
export function acceptedBodyEncoding(header: string | undefined): BodyEncoding | undefined {
  if (header === undefined) return undefined;
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    quality.set(coding.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  const accepts = (coding: string) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}
