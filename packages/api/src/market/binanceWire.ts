import { type Candle, toUnixSeconds, type UnixMillis } from '@pairwatch/domain';

/** What one text frame of a combined-stream connection means. */
export type StreamMessage =
  | {
      readonly kind: 'kline';
      readonly stream: string;
      readonly candle: Candle;
      readonly closed: boolean;
    }
  | { readonly kind: 'serverShutdown' }
  | { readonly kind: 'result'; readonly id: number | string | null; readonly error?: string }
  | { readonly kind: 'other' };

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function decimal(value: unknown): number {
  return typeof value === 'string' ? Number(value) : NaN;
}

/**
 * Parses a frame of Binance's combined stream (`{"stream":…,"data":…}`), a control answer
 * (`{"result":null,"id":1}` / `{"error":{…},"id":1}`) or the shutdown notice. Frames it does not
 * understand are `other`, never an exception: upstream adds fields and events.
 *
 * @throws TypeError only when the frame is not JSON or a kline carries non-numeric prices.
 */
export function parseStreamMessage(text: string): StreamMessage {
  const message = record(JSON.parse(text));
  if (message === undefined) return { kind: 'other' };
  if ('id' in message && ('result' in message || 'error' in message)) {
    const id = message.id;
    const error = record(message.error);
    return {
      kind: 'result',
      id: typeof id === 'number' || typeof id === 'string' ? id : null,
      ...(error === undefined ? {} : { error: `${String(error.code)} ${String(error.msg)}` }),
    };
  }
  const data = record(message.data) ?? message;
  if (message.stream === '!serverShutdown' || data.e === 'serverShutdown')
    return { kind: 'serverShutdown' };
  const kline = record(data.k);
  if (data.e !== 'kline' || kline === undefined || typeof message.stream !== 'string')
    return { kind: 'other' };
  const openTime = kline.t;
  const candle: Candle = {
    time: toUnixSeconds(openTime as UnixMillis),
    open: decimal(kline.o),
    high: decimal(kline.h),
    low: decimal(kline.l),
    close: decimal(kline.c),
    volume: decimal(kline.v),
  };
  if (
    typeof openTime !== 'number' ||
    ![candle.open, candle.high, candle.low, candle.close, candle.volume].every(Number.isFinite)
  ) {
    throw new TypeError(`malformed kline event on ${message.stream}: ${text.slice(0, 300)}`);
  }
  return { kind: 'kline', stream: message.stream, candle, closed: kline.x === true };
}
