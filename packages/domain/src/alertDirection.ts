/** Which way a value must move to reach the target: fixed when the alert is created. */
export type AlertDirection = 'up' | 'down';

/** A target above the value at creation is bullish (`up`); anything else is bearish (`down`). */
export function alertDirection(valueOnCreation: number, valueTarget: number): AlertDirection {
  return valueTarget > valueOnCreation ? 'up' : 'down';
}
