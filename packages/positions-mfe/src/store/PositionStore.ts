import { type Position, isTakeProfitReached } from '@pairwatch/domain';
import { liveQuery } from 'dexie';
import { type Observable, from } from 'rxjs';
import { parsePosition } from './parsePosition';
import { PositionNotFoundError } from './PositionNotFoundError';
import { type PositionsDatabase } from './PositionsDatabase';
import { fromStoredPosition, toStoredPosition } from './StoredPosition';

/** What the Add position form gives the store; the store assigns the id. */
export type NewPosition = Pick<Position, 'symbol' | 'side' | 'amount' | 'price' | 'tp'>;

/** The fields an edit may change. */
export type PositionChanges = Partial<Pick<Position, 'amount' | 'price' | 'tp'>>;

/** A candle's range, as the take-profit rule reads it. */
export interface PriceRange {
  readonly high: number;
  readonly low: number;
}

/**
 * The positions of this browser, in IndexedDB.
 *
 * Every write that reads first (new ids, edits, closes, fills) runs in one readwrite transaction,
 * and IndexedDB runs readwrite transactions on the same store one after another, also between tabs:
 * so ids stay unique and a take-profit fill happens once, however many tabs watch the price.
 */
export class PositionStore {
  constructor(private readonly db: PositionsDatabase) {}

  /** All positions, by id. */
  async list(): Promise<Position[]> {
    const rows = await this.db.positions.orderBy('id').toArray();
    return rows.map(fromStoredPosition);
  }

  /**
   * All positions, by id, now and after every change — made in this tab or in another one (Dexie's
   * live queries are told about other tabs' writes through a BroadcastChannel).
   */
  positions$(): Observable<Position[]> {
    return from(liveQuery(() => this.list()));
  }

  /**
   * Adds an open position with id = the largest id + 1 (1 for the first).
   *
   * @throws Error with the form's message when a field is invalid; nothing is written then.
   */
  async create(input: NewPosition): Promise<Position> {
    const { symbol, side, amount, price, tp } = input;
    parsePosition({ id: 1, symbol, side, amount, price, tp });
    return await this.db.transaction('rw', this.db.positions, async () => {
      const last = await this.db.positions.orderBy('id').last();
      const position: Position = { id: (last?.id ?? 0) + 1, symbol, side, amount, price, tp };
      await this.db.positions.add(toStoredPosition(position));
      return position;
    });
  }

  /**
   * Changes amount, entry price or take profit.
   *
   * @throws PositionNotFoundError ('Position not found') when the id is not stored.
   * @throws Error with the form's message when a value is invalid; nothing is written then.
   */
  update(id: number, changes: PositionChanges): Promise<Position> {
    return this.db.transaction('rw', this.db.positions, async () => {
      const current = await this.get(id);
      const { amount = current.amount, price = current.price, tp = current.tp } = changes;
      const next = parsePosition({ ...current, amount, price, tp });
      await this.db.positions.put(toStoredPosition(next));
      return next;
    });
  }

  /**
   * Ends an open position by hand at `endPrice` (end reason "Closed").
   *
   * @throws PositionNotFoundError when the id is not stored; Error when it has already ended or the
   * price is not a positive number.
   */
  close(id: number, endPrice: number): Promise<Position> {
    return this.db.transaction('rw', this.db.positions, async () => {
      const current = await this.get(id);
      if (current.endReason !== undefined) {
        throw new Error(`Position ${id} has already ended (${current.endReason})`);
      }
      const next = parsePosition({ ...current, endReason: 'Closed', endPrice });
      await this.db.positions.put(toStoredPosition(next));
      return next;
    });
  }

  /**
   * Ends the position with reason "Filled" at its take-profit price if it is still open and
   * `range` reaches the take profit (domain `isTakeProfitReached`, read against the stored TP, so
   * an edit made meanwhile in another tab counts).
   *
   * @returns the filled position, or `undefined` when nothing changed (already ended, deleted, or
   * the TP is not reached).
   */
  fillIfTakeProfitReached(id: number, range: PriceRange): Promise<Position | undefined> {
    return this.db.transaction('rw', this.db.positions, async () => {
      const row = await this.db.positions.get(id);
      if (!row || row.endReason !== undefined) return undefined;
      const current = fromStoredPosition(row);
      if (!isTakeProfitReached(current, range)) return undefined;
      const next: Position = { ...current, endReason: 'Filled', endPrice: current.tp };
      await this.db.positions.put(toStoredPosition(next));
      return next;
    });
  }

  /** Removes a position; removing an id that is not stored changes nothing. */
  async delete(id: number): Promise<void> {
    await this.db.positions.delete(id);
  }

  /**
   * Puts a deleted position back as it was (an Undo): the same record, under its id, unless a
   * position added meanwhile has taken that id; it then gets the largest id + 1.
   *
   * @returns the position as stored again.
   * @throws Error when the position is not valid; nothing is written then.
   */
  restore(position: Position): Promise<Position> {
    const checked = parsePosition(position);
    return this.db.transaction('rw', this.db.positions, async () => {
      let restored = checked;
      if (await this.db.positions.get(checked.id)) {
        const last = await this.db.positions.orderBy('id').last();
        restored = { ...checked, id: (last?.id ?? 0) + 1 };
      }
      await this.db.positions.add(toStoredPosition(restored));
      return restored;
    });
  }

  /**
   * Replaces every stored position with `positions` in one transaction (an import). The caller
   * validates them first (`parsePositionsExport`); they are checked again here so that nothing is
   * written unless all of them are valid.
   */
  async replaceAll(positions: readonly Position[]): Promise<void> {
    const checked = positions.map((position) => parsePosition(position));
    const ids = new Set(checked.map((position) => position.id));
    if (ids.size !== checked.length) throw new Error('Position ids must be unique');
    await this.db.transaction('rw', this.db.positions, async () => {
      await this.db.positions.clear();
      await this.db.positions.bulkAdd(checked.map(toStoredPosition));
    });
  }

  private async get(id: number): Promise<Position> {
    const row = await this.db.positions.get(id);
    if (!row) throw new PositionNotFoundError(id);
    return fromStoredPosition(row);
  }
}
