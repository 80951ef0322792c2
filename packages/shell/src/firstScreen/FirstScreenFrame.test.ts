import { beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FirstScreenFrame } from './FirstScreenFrame';

/** The body of the real public/index.html: the frame is static markup, read as shipped. */
const INDEX_BODY = /<body>([\s\S]*)<\/body>/.exec(
  readFileSync(path.join(__dirname, '../../public/index.html'), 'utf8'),
)![1]!;

describe('FirstScreenFrame', () => {
  beforeEach(() => {
    document.body.innerHTML = INDEX_BODY;
  });

  it("finds index.html's slot and fills in the screen's name", () => {
    const frame = new FirstScreenFrame();
    expect(frame.slot()?.id).toBe('first-screen-slot');
    frame.showScreenTitle('Positions');
    expect(document.getElementById('first-screen-select')?.textContent).toBe('Positions');
  });

  it('shows the Simulated market chip only for the simulator', () => {
    const frame = new FirstScreenFrame();
    const chip = document.getElementById('first-screen-chip')!;
    expect(chip.hidden).toBe(true);
    frame.showMarketSource('simulator');
    expect([chip.hidden, chip.textContent]).toEqual([false, 'Simulated market']);
    frame.showMarketSource('binance');
    expect(chip.hidden).toBe(true);
    frame.showMarketSource(undefined);
    expect(chip.hidden).toBe(true);
  });

  it('is removed by release, once, leaving the React root', () => {
    const frame = new FirstScreenFrame();
    frame.release();
    frame.release();
    expect(document.getElementById('first-screen')).toBeNull();
    expect(frame.slot()).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();
  });
});
