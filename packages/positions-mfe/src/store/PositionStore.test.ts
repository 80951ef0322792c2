import { describe, expect, it } from '@jest/globals';
import { type Position } from '@pairwatch/domain';
import { IDBFactory } from 'fake-indexeddb';
import { filter, firstValueFrom } from 'rxjs';
import { createTestDatabase } from '../test-support/createTestDatabase';
import { PositionNotFoundError } from './PositionNotFoundError';
import { PositionStore } from './PositionStore';

const btcBuy = { symbol: 'BTCUSDT', side: 'Buy', amount: 0.5, price: 60000, tp: 66000 } as const;
const ethSell = { symbol: 'ETHUSDT', side: 'Sell', amount: 2, price: 3000, tp: 2700 } as const;

function newStore(): PositionStore {
  return new PositionStore(createTestDatabase());
}

describe('PositionStore', () => {
  it('numbers new positions from 1 and then the largest id plus one', async () => {
    const store = newStore();
    const first = await store.create(btcBuy);
    const second = await store.create(ethSell);
    const third = await store.create(btcBuy);
    await store.delete(second.id);
    await store.delete(third.id);
    const fourth = await store.create(ethSell);
    expect([first.id, second.id, third.id, fourth.id]).toEqual([1, 2, 3, 2]);
  });

  it('restores a deleted position as it was, an ended one included', async () => {
    const store = newStore();
    const open = await store.create(btcBuy);
    const closed = await store.close((await store.create(ethSell)).id, 2800);
    await store.delete(open.id);
    await store.delete(closed.id);
    expect(await store.list()).toEqual([]);

    expect(await store.restore(closed)).toEqual(closed);
    expect(await store.restore(open)).toEqual(open);
    expect(await store.list()).toEqual([open, closed]);
  });

  it('restores under the next id when a new position took the old one meanwhile', async () => {
    const store = newStore();
    const first = await store.create(btcBuy);
    await store.delete(first.id);
    const newcomer = await store.create(ethSell);
    expect(newcomer.id).toBe(1);
    expect(await store.restore(first)).toEqual({ ...first, id: 2 });
    expect(await store.list()).toEqual([newcomer, { ...first, id: 2 }]);
  });

  it('gives concurrent creates distinct ids, also from two connections to the same database', async () => {
    const indexedDB = new IDBFactory();
    const tabA = new PositionStore(createTestDatabase({ indexedDB }));
    const tabB = new PositionStore(createTestDatabase({ indexedDB }));
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? tabA : tabB).create(btcBuy)),
    );
    expect(created.map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await tabA.list()).toHaveLength(10);
  });

  it('lists positions by id without storage-only fields', async () => {
    const store = newStore();
    await store.create(btcBuy);
    await store.create(ethSell);
    expect(await store.list()).toEqual([
      { id: 1, ...btcBuy },
      { id: 2, ...ethSell },
    ]);
  });

  it('rejects an invalid new position with the form message and stores nothing', async () => {
    const store = newStore();
    await expect(store.create({ ...btcBuy, amount: -1 })).rejects.toThrow(
      'Amount must be a positive number',
    );
    expect(await store.list()).toEqual([]);
  });

  it('updates amount, entry price and take profit of a position', async () => {
    const store = newStore();
    const { id } = await store.create(btcBuy);
    const updated = await store.update(id, { amount: 1, tp: 70000 });
    expect(updated).toEqual({ ...btcBuy, id, amount: 1, tp: 70000 });
    expect(await store.list()).toEqual([updated]);
  });

  it("throws 'Position not found' when updating a missing id", async () => {
    const store = newStore();
    await store.create(btcBuy);
    const attempt = store.update(42, { amount: 1 });
    await expect(attempt).rejects.toThrow('Position not found');
    await expect(attempt).rejects.toBeInstanceOf(PositionNotFoundError);
    await expect(attempt).rejects.toMatchObject({ positionId: 42 });
  });

  it('leaves a position unchanged when an update is invalid', async () => {
    const store = newStore();
    const created = await store.create(btcBuy);
    await expect(store.update(created.id, { tp: 0 })).rejects.toThrow(
      'Take profit must be a positive number',
    );
    expect(await store.list()).toEqual([created]);
  });

  it('closes an open position at the given price with end reason Closed', async () => {
    const store = newStore();
    const { id } = await store.create(ethSell);
    const closed = await store.close(id, 2950);
    expect(closed).toEqual({ id, ...ethSell, endReason: 'Closed', endPrice: 2950 });
    expect(await store.list()).toEqual([closed]);
  });

  it('refuses to close a position twice or at an invalid price', async () => {
    const store = newStore();
    const { id } = await store.create(ethSell);
    await expect(store.close(id, Number.NaN)).rejects.toThrow('endPrice must be a positive number');
    await store.close(id, 2950);
    await expect(store.close(id, 2900)).rejects.toThrow(
      `Position ${id} has already ended (Closed)`,
    );
    await expect(store.close(99, 2900)).rejects.toThrow('Position not found');
  });

  it('fills a position at its take profit once when the range reaches it', async () => {
    const store = newStore();
    const { id } = await store.create(btcBuy);
    expect(await store.fillIfTakeProfitReached(id, { high: 65999, low: 65000 })).toBeUndefined();
    const filled = await store.fillIfTakeProfitReached(id, { high: 66500, low: 65000 });
    expect(filled).toEqual({ id, ...btcBuy, endReason: 'Filled', endPrice: 66000 });
    expect(await store.fillIfTakeProfitReached(id, { high: 67000, low: 65000 })).toBeUndefined();
  });

  it('fills exactly once when two connections race on the same position', async () => {
    const indexedDB = new IDBFactory();
    const tabA = new PositionStore(createTestDatabase({ indexedDB }));
    const tabB = new PositionStore(createTestDatabase({ indexedDB }));
    const { id } = await tabA.create(ethSell);
    const range = { high: 2750, low: 2690 };
    const results = await Promise.all([
      tabA.fillIfTakeProfitReached(id, range),
      tabB.fillIfTakeProfitReached(id, range),
      tabA.fillIfTakeProfitReached(id, range),
    ]);
    expect(results.filter((r) => r !== undefined)).toEqual([
      { id, ...ethSell, endReason: 'Filled', endPrice: 2700 },
    ]);
  });

  it('deletes a position and ignores a missing id', async () => {
    const store = newStore();
    const a = await store.create(btcBuy);
    const b = await store.create(ethSell);
    await store.delete(a.id);
    await store.delete(123);
    expect(await store.list()).toEqual([b]);
  });

  it('tells a live subscriber in another connection about changes', async () => {
    const indexedDB = new IDBFactory();
    const tabA = new PositionStore(createTestDatabase({ indexedDB }));
    const tabB = new PositionStore(createTestDatabase({ indexedDB }));
    const seen = firstValueFrom(
      tabB.positions$().pipe(filter((positions: Position[]) => positions.length === 2)),
    );
    await tabA.create(btcBuy);
    await tabA.create(ethSell);
    expect((await seen).map((p) => p.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('replaces all positions in one go and writes nothing when one of them is invalid', async () => {
    const store = newStore();
    const kept = await store.create(btcBuy);
    const bad = { id: 2, ...ethSell, amount: 0 } as Position;
    await expect(store.replaceAll([{ id: 5, ...ethSell }, bad])).rejects.toThrow(
      'Amount must be a positive number',
    );
    await expect(
      store.replaceAll([
        { id: 5, ...ethSell },
        { id: 5, ...btcBuy },
      ]),
    ).rejects.toThrow('unique');
    expect(await store.list()).toEqual([kept]);
    await store.replaceAll([{ id: 7, ...ethSell, endReason: 'Filled', endPrice: 2700 }]);
    expect(await store.list()).toEqual([
      { id: 7, ...ethSell, endReason: 'Filled', endPrice: 2700 },
    ]);
  });
});
