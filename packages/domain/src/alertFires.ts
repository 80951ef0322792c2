import { type AlertDirection } from './alertDirection';

/** Whether `value` reaches the target in the alert's direction (≥ for up, ≤ for down). */
export function alertFires(direction: AlertDirection, valueTarget: number, value: number): boolean {
  return direction === 'up' ? value >= valueTarget : value <= valueTarget;
}
