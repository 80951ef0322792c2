import { type SymbolId } from './SymbolId';

/** A display format: digits after the decimal point and the smallest step. */
export interface NumberFormat {
  readonly precision: number;
  readonly minMove: number;
}

/** What the product knows about a trading pair (the `GET /symbols` answer per symbol). */
export interface SymbolInfo {
  readonly symbol: SymbolId;
  readonly baseAsset: string;
  readonly quoteAsset: string;
  readonly priceFormat: NumberFormat;
  readonly quantityFormat: NumberFormat;
}
