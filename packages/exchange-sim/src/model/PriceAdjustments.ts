import { type SymbolId } from '@pairwatch/domain';

/** A change of price level: from `second` on, model prices are multiplied by `factor`. */
export interface PriceLevelChange {
  readonly second: number;
  readonly factor: number;
}

/**
 * The price levels the control API imposed on top of the deterministic model. A change multiplies
 * every later model price by its factor, so the walk carries on from the new price; history before
 * the first change is untouched.
 */
export class PriceAdjustments {
  private readonly changes = new Map<SymbolId, PriceLevelChange[]>();

  /** Records a change (kept sorted by second; same-second changes keep their order). */
  add(symbol: SymbolId, change: PriceLevelChange): void {
    const list = this.changes.get(symbol) ?? [];
    let index = list.length;
    while (index > 0 && (list[index - 1]?.second ?? 0) > change.second) index -= 1;
    list.splice(index, 0, change);
    this.changes.set(symbol, list);
  }

  /** The factor in force for seconds before `second` (1 when nothing changed earlier). */
  factorBefore(symbol: SymbolId, second: number): number {
    const list = this.changes.get(symbol);
    if (!list) return 1;
    let factor = 1;
    for (const change of list) {
      if (change.second >= second) break;
      factor = change.factor;
    }
    return factor;
  }

  /** The changes whose second lies in [from, to), oldest first. */
  within(symbol: SymbolId, from: number, to: number): readonly PriceLevelChange[] {
    const list = this.changes.get(symbol);
    if (!list) return [];
    return list.filter((change) => change.second >= from && change.second < to);
  }

  /** The pairs with changes, in the order of their first change. */
  symbols(): SymbolId[] {
    return [...this.changes.keys()];
  }

  /** Forgets every change. */
  clear(): void {
    this.changes.clear();
  }
}
