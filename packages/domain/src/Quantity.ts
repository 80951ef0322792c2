import { type Nominal } from './Nominal';

/** An amount of the base asset of a symbol. */
export type Quantity = Nominal<number, 'Quantity'>;
