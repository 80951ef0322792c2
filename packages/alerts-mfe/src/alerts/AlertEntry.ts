import { type Alert } from '@pairwatch/domain';

/** One firing of an alert, as the api lists it. */
export interface AlertFiringRecord {
  /** When it fired (ISO 8601). */
  readonly at: string;
  /** The value it fired at. */
  readonly value: number;
}

/**
 * An alert as this screen reads it: domain's {@link Alert} plus the api's latest firings, which
 * only the chart's markers need (so they are not part of domain's model).
 */
export interface AlertWithFirings extends Alert {
  /** The latest firings, oldest first (at most 50); absent from older apis. */
  readonly firings?: readonly AlertFiringRecord[];
}

/**
 * An alert the page could not read: made by a newer Pairwatch (a condition, status or symbol this
 * code does not know) or sent broken. It keeps what could be read, so its row can name it and
 * delete it, and one such alert never empties the list.
 */
export interface UnreadableAlert {
  readonly kind: 'unreadable';
  readonly id: string | undefined;
  /** The symbol as sent, when it is text (it may be one this page does not know). */
  readonly symbol: string | undefined;
  /** When it was created (ISO 8601), when readable: it sorts the row among the others. */
  readonly createdAt: string | undefined;
  /** The first field that did not fit, with its value (for the console, not the page). */
  readonly problem: string;
}

/** A row of the alerts list: an alert, or one the page could not read. */
export type AlertEntry = AlertWithFirings | UnreadableAlert;

/** Tells an alert the page could not read from one it can show and draw. */
export function isUnreadableAlert(entry: AlertEntry): entry is UnreadableAlert {
  return 'kind' in entry && entry.kind === 'unreadable';
}
