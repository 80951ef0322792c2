/**
 * The message every server broadcasts: a candle update of realistic size, plus the sequence
 * number and the send time on the system-wide monotonic clock (µs), which client and server
 * processes share on Linux.
 */
export function benchPayload(seq: number): { seq: number; sentAtUs: number; update: object } {
  const price = (97_000 + (seq % 100) / 10).toFixed(2);
  return {
    seq,
    sentAtUs: Number(process.hrtime.bigint() / 1000n),
    update: {
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      candle: {
        time: 1_763_774_400 + seq * 60,
        open: price,
        high: price,
        low: price,
        close: price,
        volume: '12.73400000',
      },
    },
  };
}
