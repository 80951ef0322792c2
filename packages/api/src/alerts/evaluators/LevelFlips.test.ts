import { describe, expect, it } from '@jest/globals';
import { type LevelChange } from '@pairwatch/domain';
import { alertRecord } from '../../test-support/alertRecord';
import { armAlert, type ArmedAlert } from './ArmedAlert';
import { firstFlipChange, flipChangeMask, flipChangesOf, LevelFlips } from './LevelFlips';

function channel(id: string, lower: number, upper: number): ArmedAlert {
  return armAlert(
    alertRecord(id, 'sub', {
      condition: 'ExitingChannel',
      valueOnCreation: (lower + upper) / 2,
      valueTarget: lower,
      valueUpper: upper,
    }),
  );
}

function level(id: string, at: number): ArmedAlert {
  return armAlert(alertRecord(id, 'sub', { valueOnCreation: at - 1, valueTarget: at }));
}

const changesById = (alerts: readonly ArmedAlert[]): Record<string, readonly LevelChange[]> =>
  Object.fromEntries(alerts.map((alert) => [alert.record.id, flipChangesOf(alert)]));

describe('LevelFlips', () => {
  it('says which flags a step changed, lower bound first, both when it passes a whole channel', () => {
    const flips = new LevelFlips(100);
    const wide = channel('wide', 90, 110);
    const narrow = channel('narrow', 101, 102);
    const above = level('above', 150);
    for (const alert of [wide, narrow, above]) flips.add(alert);

    expect(changesById(flips.step(105))).toEqual({ narrow: ['upThroughLower', 'upThroughUpper'] });
    expect(changesById(flips.step(80))).toEqual({
      wide: ['downThroughLower'],
      narrow: ['downThroughLower', 'downThroughUpper'],
    });
    expect(flips.step(80)).toEqual([]);

    // An evaluator's events pick the first change of an alert they name.
    flips.step(120);
    const crossingUp = flipChangeMask((change) => change === 'upThroughLower');
    const exiting = flipChangeMask((change) => change === 'upThroughUpper');
    expect(firstFlipChange(wide, crossingUp)).toBe('upThroughLower');
    expect(firstFlipChange(wide, exiting)).toBe('upThroughUpper');
    expect(firstFlipChange(above, crossingUp)).toBeUndefined();
  });

  it('lets go of alerts by their flag: skipped at once, dropped when many, once if added back', () => {
    const flips = new LevelFlips(0);
    const alerts = Array.from({ length: 64 }, (_, i) => level(`a${i}`, i + 1));
    for (const alert of alerts) flips.add(alert);

    for (const alert of alerts.slice(0, 4)) expect(flips.remove(alert)).toBe(true);
    expect(flips.remove(alerts[0]!)).toBe(false);
    expect(alerts[0]!.levelHeld).toBe(false);
    expect(flips.size).toBe(60);
    // Four of 64 let go of: still in the indexes, skipped.
    expect(flips.step(6).map((alert) => alert.record.id)).toEqual(['a4', 'a5']);

    for (const alert of alerts.slice(4, 16)) flips.remove(alert);
    // Sixteen of 64: the step drops them (an eighth), and answers without them.
    expect(flips.step(0).map((alert) => alert.record.id)).toEqual([]);
    expect(flips.step(20).map((alert) => alert.record.id)).toEqual(['a16', 'a17', 'a18', 'a19']);
    expect([...flips.alerts()]).toHaveLength(48);

    // Added back after it was let go of (and before or after a compaction): held once.
    flips.remove(alerts[30]!);
    flips.add(alerts[30]!);
    flips.add(alerts[2]!);
    expect(flips.size).toBe(49);
    expect(flips.step(0).map((alert) => alert.record.id)).toEqual([
      'a2',
      'a16',
      'a17',
      'a18',
      'a19',
    ]);
    expect(flips.step(40).filter((alert) => alert.record.id === 'a30')).toHaveLength(1);
  });
});
