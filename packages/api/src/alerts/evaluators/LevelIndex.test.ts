import { describe, expect, it } from '@jest/globals';
import { type ArmedAlert } from './ArmedAlert';
import { LevelIndex } from './LevelIndex';

/** A stand-in alert: the index only reads its level through the function it is given. */
function alertAt(level: number): ArmedAlert {
  return { level } as unknown as ArmedAlert;
}

function levelIndex(): LevelIndex {
  return new LevelIndex((alert) => (alert as unknown as { level: number }).level);
}

const levels = (alerts: readonly ArmedAlert[]): number[] =>
  alerts.map((alert) => (alert as unknown as { level: number }).level);

describe('LevelIndex', () => {
  it('answers ranges without the alerts removed, and takes an alert put back at its place', () => {
    const index = levelIndex();
    const alerts = [5, 1, 3, 3, 4, 2].map(alertAt);
    for (const alert of alerts) index.insert(alert);

    expect(index.remove(alerts[2]!)).toBe(true);
    expect(index.remove(alerts[2]!)).toBe(false);
    expect(index.remove(alerts[1]!)).toBe(true);
    expect(index.remove(alertAt(3))).toBe(false);

    expect(index.size).toBe(4);
    expect(levels(index.range(1, true, 5, false))).toEqual([2, 3, 4]);
    expect(index.range(1, true, 5, false)).not.toContain(alerts[2]);
    expect(levels([index.first()!])).toEqual([2]);

    index.insert(alerts[1]!);
    expect(index.size).toBe(5);
    expect(levels(index.range(0, true, 3, true))).toEqual([1, 2, 3]);
    expect(levels([index.first()!])).toEqual([1]);
  });

  it('stays right across compactions, whatever is removed and put back', () => {
    const index = levelIndex();
    const alerts = Array.from({ length: 400 }, (_, i) => alertAt(i % 50));
    for (const alert of alerts) index.insert(alert);
    const held = new Set(alerts);
    for (let round = 0; round < 5; round += 1) {
      for (const [i, alert] of alerts.entries()) {
        if ((i * 7 + round) % 3 !== 0) continue;
        expect(index.remove(alert)).toBe(held.delete(alert));
      }
      for (const [i, alert] of alerts.entries()) {
        if ((i + round) % 5 === 0 && !held.has(alert)) {
          index.insert(alert);
          held.add(alert);
        }
      }
      const expected = [...held].filter((alert) => {
        const level = (alert as unknown as { level: number }).level;
        return level > 10 && level <= 30;
      });
      expect(new Set(index.range(10, false, 30, true))).toEqual(new Set(expected));
      expect(index.range(10, false, 30, true)).toHaveLength(expected.length);
      expect(index.size).toBe(held.size);
    }
  });

  it('lets go of a block of many alerts and answers around the gap', () => {
    // The cost of letting go (no splice per alert) is measured by the alerts and tick → push
    // benches (`pnpm bench`), not here: a unit test's timing says nothing on a shared machine.
    const index = levelIndex();
    const alerts = Array.from({ length: 500_000 }, (_, i) => alertAt(i));
    for (const alert of alerts) index.insert(alert);
    index.first();

    for (let i = 200_000; i < 250_000; i += 1) index.remove(alerts[i]!);

    expect(index.size).toBe(450_000);
    expect(index.range(199_999, true, 250_000, true)).toEqual([alerts[199_999], alerts[250_000]]);
    expect(index.first()).toBe(alerts[0]);
  });

  it('keeps only what its owner accepts, pending alerts and its own removals included', () => {
    const index = levelIndex();
    const sorted = Array.from({ length: 64 }, (_, i) => alertAt(i));
    for (const alert of sorted) index.insert(alert);
    index.first();
    const late = alertAt(10.5);
    index.insert(late);
    index.remove(sorted[20]!);
    const dropped = new Set([...sorted.slice(0, 16), late]);

    index.retain((alert) => !dropped.has(alert));

    expect(index.size).toBe(47);
    expect(levels(index.range(0, true, 22, true))).toEqual([16, 17, 18, 19, 21, 22]);
    expect(index.first()).toBe(sorted[16]);
    expect(index.all()).toHaveLength(47);
    // Dropped for good: put back, it is sorted in afresh, once.
    index.insert(sorted[3]!);
    index.insert(sorted[20]!);
    expect(levels(index.range(0, true, 21, false))).toEqual([3, 16, 17, 18, 19, 20]);
  });
});
