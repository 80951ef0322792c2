import { type Interval } from './Interval';
import { type SymbolId } from './SymbolId';

/** The two kinds of alert. */
export type AlertType = 'Price' | 'Rsi';

/** The alert types, in the form's order. */
export const ALERT_TYPES: readonly AlertType[] = ['Price', 'Rsi'];

/** An alert fires once: `Active` until it triggers. */
export type AlertStatus = 'Active' | 'Triggered';

/** An alert as the api returns it (ISO 8601 timestamps). */
export interface Alert {
  readonly id: string;
  readonly symbol: SymbolId;
  readonly type: AlertType;
  /** The RSI interval, for RSI alerts only. */
  readonly interval?: Interval;
  readonly valueOnCreation: number;
  readonly valueTarget: number;
  readonly status: AlertStatus;
  readonly createdAt: string;
  readonly triggeredAt?: string;
  readonly triggeredValue?: number;
}
