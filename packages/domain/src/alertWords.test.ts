import { describe, expect, it } from '@jest/globals';
import { ALERT_FREQUENCIES } from './alertCondition';
import {
  alertValuePrecision,
  type DescribedAlert,
  describeAlertCondition,
  describeAlertFrequency,
  describeAlertTrigger,
} from './alertWords';

const btcCrossingUp: DescribedAlert = {
  symbol: 'BTCUSDT',
  type: 'Price',
  condition: 'CrossingUp',
  valueOnCreation: 43000,
  valueTarget: 44000,
};

const ethChannel: DescribedAlert = {
  symbol: 'ETHUSDT',
  type: 'Price',
  condition: 'EnteringChannel',
  valueOnCreation: 2200,
  valueTarget: 2300,
  valueUpper: 2400,
};

const dotMovingUp: DescribedAlert = {
  symbol: 'DOTUSDT',
  type: 'Price',
  condition: 'MovingUpPercent',
  valueOnCreation: 7,
  valueTarget: 5,
  bars: 5,
};

describe('alertValuePrecision', () => {
  it("is the symbol's price precision, or 2 for RSI", () => {
    expect(alertValuePrecision({ symbol: 'DOTUSDT', type: 'Price' })).toBe(3);
    expect(alertValuePrecision({ symbol: 'DOTUSDT', type: 'Rsi' })).toBe(2);
  });
});

describe('describeAlertCondition', () => {
  it.each<[DescribedAlert, string]>([
    [btcCrossingUp, 'Crossing up 44,000.00'],
    [{ ...btcCrossingUp, condition: 'Crossing' }, 'Crossing 44,000.00'],
    [{ ...btcCrossingUp, condition: 'CrossingDown' }, 'Crossing down 44,000.00'],
    [{ ...btcCrossingUp, condition: 'GreaterThan' }, 'Greater than 44,000.00'],
    [{ ...btcCrossingUp, condition: 'LessThan' }, 'Less than 44,000.00'],
    [ethChannel, 'Entering channel 2,300.00–2,400.00'],
    [{ ...ethChannel, condition: 'ExitingChannel' }, 'Exiting channel 2,300.00–2,400.00'],
    [{ ...ethChannel, condition: 'InsideChannel' }, 'Inside channel 2,300.00–2,400.00'],
    [{ ...ethChannel, condition: 'OutsideChannel' }, 'Outside channel 2,300.00–2,400.00'],
    [{ ...dotMovingUp, bars: 12 }, 'Moving up 5 % in 12 bars'],
    [{ ...dotMovingUp, bars: 1 }, 'Moving up 5 % in 1 bar'],
    [
      { ...dotMovingUp, condition: 'MovingDownPercent', valueTarget: 2.5 },
      'Moving down 2.5 % in 5 bars',
    ],
    [{ ...dotMovingUp, valueTarget: 1000 }, 'Moving up 1,000 % in 5 bars'],
    [{ ...btcCrossingUp, symbol: 'DOTUSDT', valueTarget: 7.5 }, 'Crossing up 7.500'],
    [
      { ...ethChannel, type: 'Rsi', interval: 'OneHour', valueTarget: 30, valueUpper: 70 },
      'Entering channel 30.00–70.00',
    ],
  ])('describes %j as "%s"', (alert, words) => {
    expect(describeAlertCondition(alert)).toBe(words);
  });
});

describe('describeAlertFrequency', () => {
  it('gives each frequency the words the form offers', () => {
    expect(ALERT_FREQUENCIES.map(describeAlertFrequency)).toEqual([
      'Only once',
      'Once per bar',
      'Once per bar close',
      'Once per minute',
    ]);
  });
});

describe('describeAlertTrigger', () => {
  it('says what a price alert did, in the symbol format', () => {
    const text = describeAlertTrigger(
      {
        symbol: 'BTCUSDT',
        type: 'Price',
        condition: 'Crossing',
        valueOnCreation: 60000,
        valueTarget: 65000,
      },
      { value: 65000 },
    );
    expect(text).toEqual({
      title: 'BTCUSDT price alert',
      body: 'BTCUSDT price rose to 65,000.00',
    });
  });

  it('names the interval of an RSI alert', () => {
    const text = describeAlertTrigger(
      {
        symbol: 'ETHUSDT',
        type: 'Rsi',
        condition: 'Crossing',
        interval: 'OneHour',
        valueOnCreation: 45,
        valueTarget: 30,
      },
      { value: 29.996 },
    );
    expect(text).toEqual({ title: 'ETHUSDT RSI alert', body: 'ETHUSDT RSI (1h) dropped to 30.00' });
  });

  it('words a repeating Crossing by the way it crossed this time, not the way at creation', () => {
    const crossing: DescribedAlert = {
      symbol: 'BTCUSDT',
      type: 'Price',
      condition: 'Crossing',
      valueOnCreation: 60000,
      valueTarget: 65000,
    };
    expect(describeAlertTrigger(crossing, { value: 65000, change: 'upThroughLower' }).body).toBe(
      'BTCUSDT price rose to 65,000.00',
    );
    expect(describeAlertTrigger(crossing, { value: 64990, change: 'downThroughUpper' }).body).toBe(
      'BTCUSDT price dropped to 64,990.00',
    );
  });

  it('reads the way from the value when the crossing is not known (a stored alert)', () => {
    const crossing: DescribedAlert = {
      symbol: 'BTCUSDT',
      type: 'Price',
      condition: 'Crossing',
      valueOnCreation: 60000,
      valueTarget: 65000,
    };
    expect(describeAlertTrigger(crossing, { value: 64990 }).body).toBe(
      'BTCUSDT price dropped to 64,990.00',
    );
    expect(describeAlertTrigger(crossing, { value: 65010 }).body).toBe(
      'BTCUSDT price rose to 65,010.00',
    );
    expect(describeAlertTrigger(crossing, { value: 65000 }).body).toBe(
      'BTCUSDT price rose to 65,000.00',
    );
  });

  it.each<[DescribedAlert, number, string]>([
    [btcCrossingUp, 44010, 'BTCUSDT crossed up 44,000.00'],
    [{ ...btcCrossingUp, condition: 'CrossingDown' }, 43990, 'BTCUSDT crossed down 44,000.00'],
    [
      { ...btcCrossingUp, condition: 'GreaterThan' },
      44010.5,
      'BTCUSDT above 44,000.00 at 44,010.50',
    ],
    [{ ...btcCrossingUp, condition: 'LessThan' }, 43990, 'BTCUSDT below 44,000.00 at 43,990.00'],
    [ethChannel, 2300, 'ETHUSDT entered 2,300.00–2,400.00'],
    [
      { ...ethChannel, condition: 'ExitingChannel' },
      2401,
      'ETHUSDT exited 2,300.00–2,400.00 at 2,401.00',
    ],
    [
      { ...ethChannel, condition: 'InsideChannel' },
      2350,
      'ETHUSDT inside 2,300.00–2,400.00 at 2,350.00',
    ],
    [
      { ...ethChannel, condition: 'OutsideChannel' },
      2250,
      'ETHUSDT outside 2,300.00–2,400.00 at 2,250.00',
    ],
  ])('words a firing of %j at %d as "%s"', (alert, value, body) => {
    expect(describeAlertTrigger(alert, { value }).body).toBe(body);
  });

  it('words a percent move with the percent it moved, to one decimal', () => {
    expect(describeAlertTrigger(dotMovingUp, { value: 7.564, movedPercent: 8.06 }).body).toBe(
      'DOTUSDT up 8.1 % in 5 bars',
    );
    const down: DescribedAlert = { ...dotMovingUp, condition: 'MovingDownPercent', bars: 1 };
    expect(describeAlertTrigger(down, { value: 6.3, movedPercent: 10 }).body).toBe(
      'DOTUSDT down 10 % in 1 bar',
    );
    // Without the percent moved, the alert's own percent.
    expect(describeAlertTrigger(dotMovingUp, { value: 7.35 }).body).toBe(
      'DOTUSDT up 5 % in 5 bars',
    );
  });

  it('puts RSI and its interval in the subject of an RSI alert', () => {
    const rsi: DescribedAlert = {
      symbol: 'ETHUSDT',
      type: 'Rsi',
      interval: 'OneHour',
      condition: 'CrossingUp',
      valueOnCreation: 60,
      valueTarget: 70,
    };
    expect(describeAlertTrigger(rsi, { value: 70.2 })).toEqual({
      title: 'ETHUSDT RSI alert',
      body: 'ETHUSDT RSI (1h) crossed up 70.00',
    });
    const { interval: _interval, ...noInterval } = rsi;
    expect(describeAlertTrigger(noInterval, { value: 70.2 }).body).toBe(
      'ETHUSDT RSI crossed up 70.00',
    );
  });

  it("appends the trader's message on its own line, trimmed, and nothing for a blank one", () => {
    const withMessage = { ...btcCrossingUp, message: '  Sell half\n' };
    expect(describeAlertTrigger(withMessage, { value: 44010 }).body).toBe(
      'BTCUSDT crossed up 44,000.00\nSell half',
    );
    const blank = { ...btcCrossingUp, message: '   ' };
    expect(describeAlertTrigger(blank, { value: 44010 }).body).toBe('BTCUSDT crossed up 44,000.00');
  });
});
