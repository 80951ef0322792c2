import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createTestDatabase } from '../test-support/createTestDatabase';
import { LEGACY_POSITIONS_KEY } from './importLegacyPositions';
import { POSITIONS_DB_NAME, POSITIONS_SCHEMA_VERSION } from './PositionsDatabase';
import { PositionStore } from './PositionStore';

function memoryStorage(
  entries: Record<string, string> = {},
): Pick<Storage, 'getItem' | 'removeItem' | 'setItem'> {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const legacyPositions = [
  { id: 3, symbol: 'BTCUSDT', side: 'Buy', amount: 0.1, price: 50000, tp: 55000 },
  { id: 7, symbol: 'DOGEUSDT', side: 'Sell', amount: 1000, price: 0.2, tp: 0.15 },
];

afterEach(() => {
  jest.restoreAllMocks();
});

describe('PositionsDatabase', () => {
  it('migrates a version 1 database to version 2, indexing open and ended positions', async () => {
    const indexedDB = new IDBFactory();
    const v1 = new Dexie(POSITIONS_DB_NAME, { indexedDB, IDBKeyRange });
    v1.version(1).stores({ positions: 'id' });
    await v1.table('positions').bulkAdd([
      { id: 1, symbol: 'BTCUSDT', side: 'Buy', amount: 1, price: 100, tp: 110 },
      {
        id: 2,
        symbol: 'ETHUSDT',
        side: 'Sell',
        amount: 2,
        price: 50,
        tp: 40,
        endReason: 'Closed',
        endPrice: 45,
      },
    ]);
    v1.close();

    const db = createTestDatabase({ indexedDB });
    await db.open();
    expect(db.verno).toBe(POSITIONS_SCHEMA_VERSION);
    expect(await db.positions.where('state').equals('open').primaryKeys()).toEqual([1]);
    expect(await db.positions.where('state').equals('ended').primaryKeys()).toEqual([2]);
    expect(await db.positions.where('symbol').equals('ETHUSDT').primaryKeys()).toEqual([2]);
    expect(await new PositionStore(db).list()).toEqual([
      { id: 1, symbol: 'BTCUSDT', side: 'Buy', amount: 1, price: 100, tp: 110 },
      {
        id: 2,
        symbol: 'ETHUSDT',
        side: 'Sell',
        amount: 2,
        price: 50,
        tp: 40,
        endReason: 'Closed',
        endPrice: 45,
      },
    ]);
  });

  it("copies the original app's localStorage positions in with their ids and removes the key", async () => {
    const storage = memoryStorage({ [LEGACY_POSITIONS_KEY]: JSON.stringify(legacyPositions) });
    const store = new PositionStore(createTestDatabase({ legacyStorage: storage }));
    expect(await store.list()).toEqual(legacyPositions);
    expect(storage.getItem(LEGACY_POSITIONS_KEY)).toBeNull();
    expect((await store.create(legacyPositions[0] as never)).id).toBe(8);
  });

  it('imports the legacy positions only when the database is first created', async () => {
    const indexedDB = new IDBFactory();
    const storage = memoryStorage({ [LEGACY_POSITIONS_KEY]: JSON.stringify(legacyPositions) });
    const first = createTestDatabase({ indexedDB, legacyStorage: storage });
    await new PositionStore(first).delete(3);
    first.close();
    storage.setItem(LEGACY_POSITIONS_KEY, JSON.stringify(legacyPositions));
    const again = new PositionStore(createTestDatabase({ indexedDB, legacyStorage: storage }));
    expect((await again.list()).map((p) => p.id)).toEqual([7]);
  });

  it('keeps the legacy key and reports entries it cannot read, importing the valid ones', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const raw = JSON.stringify([
      ...legacyPositions,
      { id: 9, symbol: 'xyz', side: 'Buy', amount: 1, price: 1, tp: 2 },
    ]);
    const storage = memoryStorage({ [LEGACY_POSITIONS_KEY]: raw });
    const store = new PositionStore(createTestDatabase({ legacyStorage: storage }));
    expect((await store.list()).map((p) => p.id)).toEqual([3, 7]);
    expect(storage.getItem(LEGACY_POSITIONS_KEY)).toBe(raw);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('1 entries could not be imported'), [
      expect.stringContaining('entry 2: symbol must be a pair id such as ETHBTC'),
    ]);
  });

  it('starts empty when there is nothing to migrate', async () => {
    const storage = memoryStorage();
    const store = new PositionStore(createTestDatabase({ legacyStorage: storage }));
    expect(await store.list()).toEqual([]);
  });
});
