import { type Nominal } from './Nominal';

/** A price in the quote asset of a symbol. */
export type Price = Nominal<number, 'Price'>;
