import { type NumberFormat, formatNumber } from '@pairwatch/domain';
import { type PriceFormatCustom } from 'lightweight-charts';

/** A custom price format whose formatter takes any number (the library's takes its `BarPrice`). */
export interface ChartPriceFormat extends PriceFormatCustom {
  formatter: (price: number) => string;
}

/**
 * The price series' format for a pair: its tick (`minMove`), and prices written the way the legend
 * writes them (domain `formatNumber` at the pair's precision). The price axis, its last-price and
 * crosshair labels and the alert levels' labels all read "87,600.00", as the legend does; the
 * library's own `price` format wrote "87600.00".
 *
 * @example chartPriceFormat({ precision: 2, minMove: 0.01 }).formatter(87600) → "87,600.00"
 */
export function chartPriceFormat({ precision, minMove }: NumberFormat): ChartPriceFormat {
  return {
    type: 'custom',
    minMove,
    formatter: (price: number) => formatNumber(price, precision),
  };
}
