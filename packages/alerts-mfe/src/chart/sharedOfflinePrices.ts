import { OfflinePrices } from './OfflinePrices';

/**
 * The page's one {@link OfflinePrices}. Module state on purpose, as `firstChartSlot`: the first
 * chart (`./firstChart`) and the Alerts screen (`./AlertsRoute`) share this container's modules,
 * and there is one Alerts chart per page.
 */
export const sharedOfflinePrices = new OfflinePrices();
