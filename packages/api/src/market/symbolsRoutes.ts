import { createHash } from 'node:crypto';
import { type SymbolInfo } from '@pairwatch/domain';
import { type FastifyPluginAsync } from 'fastify';
import { ApiProblem } from '../errors/ApiProblem';
import { acceptedBodyEncoding, CompressedBodies } from './CompressedBodies';
import { type SymbolCatalogue } from './SymbolCatalogue';

/**
 * Where the api learns which pairs the market trades (`SymbolDirectory`: the exchange's
 * `exchangeInfo`, cached and refreshed); tests pass a fixed catalogue.
 */
export interface SymbolSource {
  /** The pairs trading now; waits only when none has been read yet. */
  catalogue(): Promise<SymbolCatalogue>;
  /** The catalogue in hand, without waiting (`undefined` before the first read). */
  current(): SymbolCatalogue | undefined;
  /** Tells `listener` the pairs that stop trading (their last facts); returns the unsubscribe. */
  onStopped(listener: (pairs: readonly SymbolInfo[]) => void): () => void;
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

/** The requested symbols in catalogue order; unlisted ones are left out (architecture §3). */
function pick(catalogue: SymbolCatalogue, wanted: ReadonlySet<string>): Record<string, SymbolInfo> {
  const found = [...wanted]
    .map((symbol) => catalogue.get(symbol))
    .filter((info) => info !== undefined);
  const order = new Map([...catalogue.list()].map((info, index) => [info.symbol, index]));
  found.sort((a, b) => (order.get(a.symbol) ?? 0) - (order.get(b.symbol) ?? 0));
  return Object.fromEntries(found.map((info) => [info.symbol, info]));
}

/** Clients may reuse the whole catalogue this long; pairs are listed or halted rarely. */
const CATALOGUE_MAX_AGE_S = 300;

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
  const compressed = new CompressedBodies(2);
  const etags = new WeakMap<SymbolCatalogue, string>();
  // The whole market (~1,500 pairs, ~250 KiB of JSON, ~25 KiB compressed): made, hashed and
  // compressed once per catalogue, not per request, and answered 304 to a client that has it.
  app.get('/symbols', async (request, reply) => {
    const catalogue = await options.symbols.catalogue();
    const json = catalogue.json();
    let etag = etags.get(catalogue);
    if (etag === undefined) {
      etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`;
      etags.set(catalogue, etag);
    }
    reply
      .header('etag', etag)
      .header('cache-control', `public, max-age=${CATALOGUE_MAX_AGE_S}`)
      .header('vary', 'accept-encoding')
      .header('content-type', 'application/json; charset=utf-8');
    const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim());
    if (known?.includes(etag) || known?.includes(`W/${etag}`)) return reply.code(304).send();
    const encoding = acceptedBodyEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return reply.send(json);
    const body = await compressed.body('symbols', json, encoding);
    return reply.header('content-encoding', encoding).send(body);
  });
  app.get<{ Params: { list: string } }>('/symbols/:list', { schema }, async (request) => {
    const wanted = parseList(request.params.list);
    return pick(await options.symbols.catalogue(), wanted);
  });
};
