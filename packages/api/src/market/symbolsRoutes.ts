import { SYMBOLS, type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { type FastifyPluginAsync } from 'fastify';
import { ApiProblem } from '../errors/ApiProblem';

/** Where `GET /symbols` reads symbol facts (the exchange's filters, cached). */
export interface SymbolSource {
  all(): Promise<Partial<Record<SymbolId, SymbolInfo>>>;
}

/** Options of {@link symbolsRoutes}. */
export interface SymbolsRoutesOptions {
  readonly symbols: SymbolSource;
}

const MAX_LIST_ENTRIES = 50;
const SYMBOL_TEXT = /^[A-Za-z0-9]{1,20}$/;

const FORMAT_SCHEMA = {
  type: 'object',
  properties: { precision: { type: 'integer' }, minMove: { type: 'number' } },
  required: ['precision', 'minMove'],
} as const;

const RESPONSE_SCHEMA = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    properties: {
      symbol: { type: 'string' },
      baseAsset: { type: 'string' },
      quoteAsset: { type: 'string' },
      priceFormat: FORMAT_SCHEMA,
      quantityFormat: FORMAT_SCHEMA,
    },
    required: ['symbol', 'baseAsset', 'quoteAsset', 'priceFormat', 'quantityFormat'],
  },
} as const;

/** The requested symbols in catalogue order; unknown ones are left out (architecture §3). */
function pick(
  all: Partial<Record<SymbolId, SymbolInfo>>,
  wanted: ReadonlySet<string>,
): Record<string, SymbolInfo> {
  const result: Record<string, SymbolInfo> = {};
  for (const symbol of SYMBOLS) {
    const info = all[symbol];
    if (info !== undefined && wanted.has(symbol)) result[symbol] = info;
  }
  return result;
}

function parseList(raw: string): Set<string> {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) {
    throw new ApiProblem(
      'INVALID_SYMBOL_LIST',
      'List at least one symbol, e.g. /symbols/BTCUSDT,ETHUSDT.',
    );
  }
  if (entries.length > MAX_LIST_ENTRIES) {
    throw new ApiProblem(
      'INVALID_SYMBOL_LIST',
      `List at most ${MAX_LIST_ENTRIES} symbols, got ${entries.length}.`,
    );
  }
  const bad = entries.find((entry) => !SYMBOL_TEXT.test(entry));
  if (bad !== undefined) {
    throw new ApiProblem(
      'INVALID_SYMBOL_LIST',
      `Symbols are letters and digits, comma-separated; got '${bad.slice(0, 40)}'.`,
    );
  }
  return new Set(entries);
}

/**
 * `GET /symbols` and `GET /symbols/{A,B,…}` (architecture §3): symbol facts keyed by symbol, with
 * price and quantity formats derived from the exchange's tick and step sizes.
 */
export const symbolsRoutes: FastifyPluginAsync<SymbolsRoutesOptions> = async (app, options) => {
  const schema = { response: { 200: RESPONSE_SCHEMA } };
  app.get('/symbols', { schema }, async () => pick(await options.symbols.all(), new Set(SYMBOLS)));
  app.get<{ Params: { list: string } }>('/symbols/:list', { schema }, async (request) => {
    const wanted = parseList(request.params.list);
    return pick(await options.symbols.all(), wanted);
  });
};
