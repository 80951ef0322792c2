import { describe, expect, it } from '@jest/globals';
import { type Position } from '@pairwatch/domain';
import { PositionStore } from '../store/PositionStore';
import { createTestDatabase } from '../test-support/createTestDatabase';
import { createPositionsExport, parsePositionsExport } from './PositionsExport';

const positions: Position[] = [
  { id: 1, symbol: 'BTCUSDT', side: 'Buy', amount: 0.25, price: 60000, tp: 66000 },
  {
    id: 4,
    symbol: 'ADAUSDT',
    side: 'Sell',
    amount: 500,
    price: 0.45,
    tp: 0.4,
    endReason: 'Filled',
    endPrice: 0.4,
  },
  {
    id: 5,
    symbol: 'ETHUSDT',
    side: 'Buy',
    amount: 1,
    price: 3000,
    tp: 3300,
    endReason: 'Closed',
    endPrice: 2990,
  },
];

function fileWith(list: unknown, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: 'pairwatch.positions',
    version: 1,
    exportedAt: '2025-01-01T00:00:00.000Z',
    positions: list,
    ...overrides,
  });
}

describe('positions export and import', () => {
  it('round-trips every position through the export file and back into a store', async () => {
    const source = new PositionStore(createTestDatabase());
    await source.replaceAll(positions);
    const text = JSON.stringify(
      createPositionsExport(await source.list(), new Date('2025-03-04T05:06:07Z')),
    );

    const target = new PositionStore(createTestDatabase());
    await target.create({ symbol: 'DOTUSDT', side: 'Buy', amount: 1, price: 5, tp: 6 });
    await target.replaceAll(parsePositionsExport(text));

    expect(await target.list()).toEqual(positions);
    expect(JSON.parse(text)).toMatchObject({
      format: 'pairwatch.positions',
      version: 1,
      exportedAt: '2025-03-04T05:06:07.000Z',
    });
  });

  it.each([
    ['text that is not JSON', '{oops', 'The file is not JSON'],
    ['a JSON array', '[]', 'The file is not a Pairwatch positions export'],
    [
      'another format',
      fileWith([], { format: 'something.else' }),
      'format "something.else", expected "pairwatch.positions"',
    ],
    [
      'a newer version',
      fileWith([], { version: 2 }),
      'Unsupported export version 2 (this app reads version 1)',
    ],
    ['no positions list', fileWith({}), 'The file has no positions list'],
    [
      'a fractional id',
      fileWith([{ ...positions[0], id: 1.5 }]),
      'Position 1: id must be a whole number from 1 up, got 1.5',
    ],
    [
      'a repeated id',
      fileWith([positions[0], positions[1], { ...positions[2], id: 1 }]),
      'Positions 1 and 3 have the same id 1',
    ],
    [
      'an amount given as text',
      fileWith([{ ...positions[0], amount: '1' }]),
      'Position 1: amount must be a number, got "1"',
    ],
    [
      'a negative take profit',
      fileWith([{ ...positions[0], tp: -5 }]),
      'Position 1: Take profit must be a positive number',
    ],
    [
      'an unknown side',
      fileWith([{ ...positions[0], side: 'Long' }]),
      'Position 1: side must be one of the following values: Buy, Sell',
    ],
    [
      'an unknown end reason',
      fileWith([{ ...positions[1], endReason: 'Expired' }]),
      'Position 1: endReason must be one of Closed, Filled, got "Expired"',
    ],
    [
      'an end reason without end price',
      fileWith([{ ...positions[0], endReason: 'Closed' }]),
      'endPrice must be a positive number when endReason is set, got nothing',
    ],
    [
      'an end price without end reason',
      fileWith([{ ...positions[0], endPrice: 61000 }]),
      'endPrice 61000 is set but endReason is missing',
    ],
  ])('rejects %s and says why', (_case, text, reason) => {
    expect(() => parsePositionsExport(text)).toThrow(reason);
  });
});
