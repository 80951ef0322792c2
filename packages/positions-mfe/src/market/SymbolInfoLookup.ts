import { type SymbolId, type SymbolInfo } from '@pairwatch/domain';

/** The display formats of a symbol: the api's symbol info, or the domain catalogue until it arrives. */
export type SymbolInfoLookup = (symbol: SymbolId) => SymbolInfo;
