import { type Candle } from '@pairwatch/domain';

/**
 * Each candle's JSON, made once per candle object. The candle cache replaces a candle rather than
 * changing it, so an object's text never goes stale; a page of 500 candles whose forming candle
 * moved reuses 499 texts.
 */
const texts = new WeakMap<Candle, string>();

/** A number as `JSON.stringify` writes it (`null` for what JSON cannot hold). */
function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

function candleText(candle: Candle): string {
  let text = texts.get(candle);
  if (text === undefined) {
    // The fields in the response schema's order (candlesResponseSchema), volume only when known.
    text =
      `{"time":${jsonNumber(candle.time)},"open":${jsonNumber(candle.open)},` +
      `"high":${jsonNumber(candle.high)},"low":${jsonNumber(candle.low)},` +
      `"close":${jsonNumber(candle.close)}` +
      (candle.volume === undefined ? '}' : `,"volume":${jsonNumber(candle.volume)}}`);
    texts.set(candle, text);
  }
  return text;
}

/**
 * The `GET /candles` answer's JSON, the same text `JSON.stringify` would make. Every stream's
 * forming candle moves every 2 s, so every page a chart asks for changed since it was last
 * serialized; serializing 500 candles anew took about 1 ms, 80 pages at once every 2 s in
 * `pnpm bench:load`. Joining the kept texts takes about 0.04 ms.
 */
export function candlesJson(candles: readonly Candle[]): string {
  return `[${candles.map(candleText).join(',')}]`;
}
