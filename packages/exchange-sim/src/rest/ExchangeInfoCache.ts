import { type SymbolId } from '@pairwatch/domain';
import { type PairStatus } from '../catalogue/PairStatus';
import { type PairStatuses } from '../catalogue/PairStatuses';
import { type SimPair } from '../catalogue/SimPair';
import { exchangeInfoEntry } from './exchangeInfoEntry';
import { JsonText } from './JsonText';

/** Which pairs an `exchangeInfo` answer lists: named ones, or all (of one status). */
export type ExchangeInfoSelection =
  | { readonly pairs: readonly SimPair[] }
  | { readonly all: readonly SimPair[]; readonly status?: PairStatus };

/**
 * Serialises `GET /api/v3/exchangeInfo` answers and keeps them: each pair's entry per status, and
 * the whole list (all pairs, or those of one `symbolStatus`) until a status changes. The api asks
 * for the whole catalogue at start and at every refresh, a couple of MB that would otherwise be
 * built and stringified each time; now only `serverTime` is written per request.
 */
export class ExchangeInfoCache {
  private readonly rateLimits: string;
  private readonly entries = new Map<SymbolId, { status: PairStatus; text: string }>();
  private readonly lists = new Map<string, string>();
  private listsVersion = -1;

  constructor(
    private readonly statuses: PairStatuses,
    weightLimitPerMinute: number,
  ) {
    this.rateLimits = JSON.stringify([
      {
        rateLimitType: 'REQUEST_WEIGHT',
        interval: 'MINUTE',
        intervalNum: 1,
        limit: weightLimitPerMinute,
      },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000 },
      { rateLimitType: 'RAW_REQUESTS', interval: 'MINUTE', intervalNum: 5, limit: 61000 },
    ]);
  }

  /** The answer for `selection` at `serverTime`, in Binance's key order. */
  body(selection: ExchangeInfoSelection, serverTime: number): JsonText {
    const symbols =
      'pairs' in selection
        ? this.join(selection.pairs)
        : this.list(selection.all, selection.status);
    return new JsonText(
      `{"timezone":"UTC","serverTime":${serverTime},"rateLimits":${this.rateLimits},"exchangeFilters":[],"symbols":[${symbols}]}`,
    );
  }

  private list(all: readonly SimPair[], status: PairStatus | undefined): string {
    if (this.listsVersion !== this.statuses.version) {
      this.lists.clear();
      this.listsVersion = this.statuses.version;
    }
    const key = status ?? '*';
    let text = this.lists.get(key);
    if (text === undefined) {
      const pairs =
        status === undefined ? all : all.filter((pair) => this.statuses.of(pair.symbol) === status);
      text = this.join(pairs);
      this.lists.set(key, text);
    }
    return text;
  }

  private join(pairs: readonly SimPair[]): string {
    return pairs.map((pair) => this.entry(pair)).join(',');
  }

  private entry(pair: SimPair): string {
    const status = this.statuses.of(pair.symbol);
    const cached = this.entries.get(pair.symbol);
    if (cached?.status === status) return cached.text;
    const text = JSON.stringify(exchangeInfoEntry(pair, status));
    this.entries.set(pair.symbol, { status, text });
    return text;
  }
}
