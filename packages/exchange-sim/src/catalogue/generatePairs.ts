import { DEFAULT_SYMBOL_CATALOGUE, DEFAULT_SYMBOLS, isDefaultSymbol } from '@pairwatch/domain';
import { QUOTE_DECIMALS } from '../model/Ohlcv';
import { SeededRandom } from '../model/SeededRandom';
import { SYMBOL_PROFILES, type SymbolProfile } from '../model/symbolProfiles';
import { BASE_ASSETS, type BaseAsset } from './baseAssets';
import { type PairStatus } from './PairStatus';
import { QUOTE_ASSETS, type QuoteAsset } from './quoteAssets';
import { type SimPair } from './SimPair';

const DAY_MS = 86_400_000;
/** No pair is listed later, so every pair has a month of history at the anchor (2026-11-01). */
const LAST_LISTING = Date.UTC(2026, 8, 30);
/** About this share of the pairs is in BREAK (delisted or suspended), as some always are. */
const BREAK_SHARE = 0.015;
/** Fewest ticks a pair's reference price may be: fewer and its chart would be a staircase. */
const MIN_TICKS = 100;
/** Most ticks a price limit may be, far inside the exact integer range of a double. */
const MAX_PRICE_TICKS = 1e13;
/** Most lots a day's volume may be, so a month of volume stays an exact integer. */
const MAX_DAILY_LOTS = 1e13;
/** Draw keys below this are the ten defaults' (0–9) and kept free for them. */
const FIRST_FREE_DRAW_KEY = 16;

/** A uniform number in [0, 1) from texts: the same texts give the same number on every run. */
function unit(...parts: readonly string[]): number {
  return SeededRandom.hashText(parts.join('|')) / 2 ** 32;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Rounds to `digits` significant digits (prices look quoted, not computed). */
function significant(value: number, digits: number): number {
  return Number(value.toPrecision(digits));
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** What every pair of one base asset shares: its USD level, market character and lot size. */
interface BaseTraits {
  readonly base: BaseAsset;
  readonly kind: 'coin' | 'stable' | 'fiat';
  readonly usd: number;
  readonly dailyVolatility: number;
  readonly reversionDays: number;
  readonly growthPerYear: number;
  readonly listedAt: number;
  /** Typical daily volume of its USDT pair, in USD. */
  readonly usdVolume: number;
  /** Typical size of one trade, in USD. */
  readonly tradeUsd: number;
  readonly lotDecimals: number;
  /** The draw key its pairs against USD-pegged and fiat quotes share. */
  readonly familyKey: number;
}

/** Hands out draw keys, each once (a family's key is taken once, by the family). */
class DrawKeys {
  private readonly used = new Set<number>();

  take(text: string): number {
    let key = Math.max(FIRST_FREE_DRAW_KEY, SeededRandom.hashText(text));
    while (this.used.has(key)) key += 1;
    this.used.add(key);
    return key;
  }
}

function traitsOf(base: BaseAsset, keys: DrawKeys): BaseTraits {
  const draw = (what: string): number => unit(base.asset, what);
  const defaultSymbol = `${base.asset}USDT`;
  const kind = base.pegUsd === undefined ? 'coin' : base.pegUsd === 1 ? 'stable' : 'fiat';
  const usdVolume = (2e9 / (1 + base.rank / 3) ** 1.2) * (0.5 + draw('volume'));
  const tradeUsd = 300 + 900 * draw('trade');
  if (isDefaultSymbol(defaultSymbol)) {
    // The defaults keep their hand-tuned market; their other pairs follow it.
    const profile = SYMBOL_PROFILES[defaultSymbol];
    return {
      base,
      kind,
      usd: profile.referencePrice,
      dailyVolatility: profile.dailyVolatility,
      reversionDays: profile.reversionDays,
      growthPerYear: profile.growthPerYear,
      listedAt: Date.parse(`${profile.listedOn}T00:00:00Z`),
      usdVolume,
      tradeUsd,
      lotDecimals: DEFAULT_SYMBOL_CATALOGUE[defaultSymbol].quantityFormat.precision,
      familyKey: DEFAULT_SYMBOLS.indexOf(defaultSymbol),
    };
  }
  const decade = base.decade ?? 0;
  const usd = base.pegUsd ?? significant(10 ** (decade + 0.05 + 0.9 * draw('price')), 4);
  // Cheaper and smaller coins swing harder. Pegged assets get a volatility per pair (makePair).
  const dailyVolatility =
    kind === 'coin'
      ? (0.03 + 0.006 * clamp(2 - decade, 0, 7) + (base.rank > 150 ? 0.008 : 0)) *
        (0.9 + 0.2 * draw('volatility'))
      : 0;
  const firstYear =
    base.listedYear ??
    (base.rank <= 40 ? 2018 : base.rank <= 150 ? 2019 : base.rank <= 300 ? 2020 : 2021) +
      Math.floor(draw('year') * 5);
  const listedAt = Math.min(
    LAST_LISTING,
    Date.UTC(Math.min(firstYear, 2026), 0, 1) + Math.floor(draw('day') * 365) * DAY_MS,
  );
  return {
    base,
    kind,
    usd,
    dailyVolatility,
    reversionDays: Math.round(70 + 60 * draw('reversion')),
    growthPerYear: decade >= 2 ? 0.2 + 0.2 * draw('growth') : -0.2 + 0.5 * draw('growth'),
    listedAt,
    usdVolume,
    tradeUsd,
    lotDecimals:
      kind === 'coin' ? clamp(Math.floor(Math.log10(usd)) + (draw('lot') < 0.4 ? 2 : 1), 0, 8) : 0,
    familyKey: keys.take(`family|${base.asset}`),
  };
}

/** Where a quote stands in {@link QUOTE_ASSETS} (USDT 0), or Infinity for an asset that is no quote. */
function quoteIndex(asset: string): number {
  const index = QUOTE_ASSETS.findIndex((quote) => quote.asset === asset);
  return index < 0 ? Number.POSITIVE_INFINITY : index;
}

/** Whether the exchange lists `base` against `quote`, the way Binance picks its pairs. */
function isListed(traits: BaseTraits, quote: QuoteAsset): boolean {
  const { base, kind } = traits;
  if (base.asset === quote.asset) return false;
  const picked = unit(base.asset, quote.asset, 'listed');
  if (kind === 'coin') {
    return quote.asset === 'USDT' || (base.rank <= quote.maxRank && picked < quote.share);
  }
  if (quote.kind === 'crypto') return false;
  if (kind === 'fiat') return quote.kind === 'stable' && (quote.asset === 'USDT' || picked < 0.5);
  // A stablecoin: against an earlier stable quote (FDUSDUSDT, not USDTFDUSD), and the main ones
  // against local currencies (USDTTRY).
  if (quote.kind === 'stable') {
    return (
      quoteIndex(base.asset) > quoteIndex(quote.asset) &&
      (quote.asset === 'USDT' || (base.rank <= quote.maxRank && picked < quote.share))
    );
  }
  return (
    quote.asset !== 'EUR' && (base.asset === 'USDT' || (quoteIndex(base.asset) < 3 && picked < 0.5))
  );
}

/** The pair of a default symbol, exactly as the domain catalogue and the tuned profile say. */
function defaultPair(symbol: string): Omit<SimPair, 'index'> | undefined {
  if (!isDefaultSymbol(symbol)) return undefined;
  const info = DEFAULT_SYMBOL_CATALOGUE[symbol];
  return {
    symbol,
    baseAsset: info.baseAsset,
    quoteAsset: info.quoteAsset,
    listedStatus: 'TRADING',
    tickDecimals: info.priceFormat.precision,
    lotDecimals: info.quantityFormat.precision,
    quoteDecimals: QUOTE_DECIMALS,
    minNotional: '5.00000000',
    profile: SYMBOL_PROFILES[symbol],
    drawKey: DEFAULT_SYMBOLS.indexOf(symbol),
  };
}

function makePair(
  traits: BaseTraits,
  quote: QuoteAsset,
  keys: DrawKeys,
): Omit<SimPair, 'index'> | undefined {
  const symbol = `${traits.base.asset}${quote.asset}`;
  const known = defaultPair(symbol);
  if (known) return known;
  const draw = (what: string): number => unit(symbol, what);
  const pegged = traits.kind !== 'coin';
  const price = traits.usd / quote.usd;
  const tickDecimals =
    pegged && quote.kind === 'stable'
      ? 4
      : clamp(3 - Math.floor(Math.log10(price)), quote.minTickDecimals, 8);
  if (price * 10 ** tickDecimals < MIN_TICKS) return undefined;

  // How the pair moves. A coin against a USD stablecoin or a fiat currency moves with its USDT
  // pair (same draws); against BTC, ETH or BNB it has its own, calmer walk; pegged pairs barely move.
  let dailyVolatility = traits.dailyVolatility;
  let reversionDays = traits.reversionDays;
  let growthPerYear = traits.growthPerYear;
  let drawKey = traits.familyKey;
  if (!pegged && quote.kind === 'crypto') {
    dailyVolatility *= 0.85;
    growthPerYear *= 0.5;
    drawKey = keys.take(symbol);
  } else if (pegged) {
    drawKey = keys.take(symbol);
    if (quote.kind === 'fiat') {
      // A stablecoin in a local currency: a currency rate, drifting with that currency.
      dailyVolatility = 0.006;
      reversionDays = 200;
      growthPerYear = quote.fxGrowthPerYear;
    } else {
      dailyVolatility = traits.kind === 'stable' ? 0.0004 : 0.004;
      reversionDays = traits.kind === 'stable' ? 3 : 60;
      growthPerYear = 0;
    }
  }

  const since = Date.parse(`${quote.since}T00:00:00Z`);
  const lag = quote.asset === 'USDT' ? 0 : Math.floor(draw('lag') * 300) * DAY_MS;
  const listedAt = Math.min(LAST_LISTING, Math.max(traits.listedAt, since) + lag);
  const usdVolume = traits.usdVolume * quote.volumeShare;
  const priceDecade = Math.floor(Math.log10(price));
  const profile: SymbolProfile = {
    referencePrice: significant(price, pegged ? 5 : 4),
    dailyVolatility,
    reversionDays,
    growthPerYear,
    listedOn: isoDay(listedAt),
    dailyVolume: Math.min(usdVolume / traits.usd, MAX_DAILY_LOTS / 10 ** traits.lotDecimals),
    dailyTrades: Math.max(200, Math.round(usdVolume / traits.tradeUsd)),
    maxPrice: 10 ** Math.min(priceDecade + 3, Math.log10(MAX_PRICE_TICKS) - tickDecimals),
    maxQuantity: 9 * 10 ** clamp(7 - Math.floor(Math.log10(traits.usd)), 2, 12),
  };
  const listedStatus: PairStatus = draw('status') < BREAK_SHARE ? 'BREAK' : 'TRADING';
  return {
    symbol,
    baseAsset: traits.base.asset,
    quoteAsset: quote.asset,
    listedStatus,
    tickDecimals,
    lotDecimals: traits.lotDecimals,
    quoteDecimals: quote.quoteDecimals,
    minNotional: quote.minNotional,
    profile,
    drawKey,
  };
}

/**
 * The simulated exchange's spot pairs: every base of {@link BASE_ASSETS} against the quotes of
 * {@link QUOTE_ASSETS} that list it, with tick and lot sizes that fit its price (four significant
 * digits: PEPEUSDT 0.00000001, ETHBTC 0.00001), in listing order. The ten defaults are exactly the
 * domain catalogue's. A pure function of those lists: it does not depend on the seed, so every
 * run, seed and test sees the same pairs and the same BREAK ones.
 */
export function generatePairs(): SimPair[] {
  const keys = new DrawKeys();
  const pairs: Omit<SimPair, 'index'>[] = [];
  for (const base of BASE_ASSETS) {
    const traits = traitsOf(base, keys);
    for (const quote of QUOTE_ASSETS) {
      if (!isListed(traits, quote)) continue;
      const pair = makePair(traits, quote, keys);
      if (pair) pairs.push(pair);
    }
  }
  const rank = new Map(BASE_ASSETS.map((base) => [base.asset, base.rank]));
  pairs.sort(
    (a, b) =>
      a.profile.listedOn.localeCompare(b.profile.listedOn) ||
      quoteIndex(a.quoteAsset) - quoteIndex(b.quoteAsset) ||
      (rank.get(a.baseAsset) ?? 0) - (rank.get(b.baseAsset) ?? 0),
  );
  return pairs.map((pair, index) => ({ ...pair, index }));
}
