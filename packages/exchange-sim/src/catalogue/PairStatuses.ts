import { type SymbolId } from '@pairwatch/domain';
import { SimInputError } from '../market/SimInputError';
import { PAIR_STATUSES, type PairStatus } from './PairStatus';
import { type SimCatalogue } from './SimCatalogue';

/** The outcome of a status control. */
export interface StatusChange {
  readonly symbol: SymbolId;
  readonly previousStatus: PairStatus;
  readonly status: PairStatus;
}

/**
 * The trading status of every pair: the one it is listed with, unless a control changed it. Only
 * changes are stored. `version` moves on every change, so answers built from the statuses
 * (`exchangeInfo`) can be cached until it does.
 */
export class PairStatuses {
  private readonly changed = new Map<SymbolId, PairStatus>();
  private changes = 0;

  constructor(private readonly catalogue: SimCatalogue) {}

  /** Counts the changes: the same version, the same statuses. */
  get version(): number {
    return this.changes;
  }

  /** The status of a listed pair. */
  of(symbol: SymbolId): PairStatus {
    return this.changed.get(symbol) ?? this.catalogue.require(symbol).listedStatus;
  }

  /**
   * Puts a pair in a status (`BREAK` to halt it); the status it was listed with undoes that.
   *
   * @throws SimInputError for an unlisted pair or an unknown status; nothing changes then.
   */
  set(symbol: SymbolId, status: PairStatus): StatusChange {
    const pair = this.catalogue.require(symbol);
    if (!(PAIR_STATUSES as readonly unknown[]).includes(status)) {
      throw new SimInputError(
        `'status' must be one of ${PAIR_STATUSES.join(', ')}, got ${JSON.stringify(status) ?? 'undefined'}`,
      );
    }
    const previousStatus = this.of(pair.symbol);
    if (status === pair.listedStatus) this.changed.delete(pair.symbol);
    else this.changed.set(pair.symbol, status);
    this.changes += 1;
    return { symbol: pair.symbol, previousStatus, status };
  }

  /** The pairs whose status a control changed, with their status now. */
  overrides(): Record<SymbolId, PairStatus> {
    return Object.fromEntries(this.changed);
  }

  /** Every pair back to the status it is listed with. */
  reset(): void {
    if (this.changed.size === 0) return;
    this.changed.clear();
    this.changes += 1;
  }
}
