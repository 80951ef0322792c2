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

/** One candle's JSON, as `JSON.stringify` writes it (made once per candle object). */
export function candleText(candle: Candle): string {
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
