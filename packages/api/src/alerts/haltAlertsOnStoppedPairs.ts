import { describeAlertCondition, type SymbolInfo, type UnixMillis } from '@pairwatch/domain';
import { type ClusterEvent } from '../cluster/ClusterEvent';
import { type DeliveryChannels } from '../delivery/DeliverySender';
import { renderFiring } from '../delivery/renderFiring';
import { type MarketData } from '../market/MarketData';
import { type SymbolSource } from '../market/symbolsRoutes';
import { type AlertStore } from '../storage/AlertStore';
import { type ServiceLogger } from '../util/ServiceLogger';

/** What {@link haltAlertsOnStoppedPairs} needs. */
export interface HaltAlertsOptions {
  readonly store: AlertStore;
  readonly channels: DeliveryChannels;
  readonly marketData: MarketData;
  readonly symbols: SymbolSource;
  readonly announce: (event: ClusterEvent) => Promise<void>;
  readonly logger: ServiceLogger;
  readonly now: () => number;
  /** Wait before a failed halt is tried again (the database may be down). Default 30 000 ms. */
  readonly retryMs?: number;
}

/** Tries of one halt before it is left to the next start of the process. */
const MAX_TRIES = 10;

/**
 * Ends the alerts on pairs that stop trading (halted, in a break, delisted), so none waits
 * forever for a price that will not come: each becomes `Halted`, its owner is told on the alert's
 * channels ("ETHBTC stopped trading") and every process hears of it (the engine stops watching,
 * open screens update). A pair that trades again later needs a new alert.
 *
 * @returns stops listening.
 */
export function haltAlertsOnStoppedPairs(options: HaltAlertsOptions): () => void {
  const { store, channels, marketData, logger } = options;
  const timers = new Set<NodeJS.Timeout>();
  const halt = (pairs: readonly SymbolInfo[], tries: number): void => {
    const now = options.now() as UnixMillis;
    const symbols = pairs.map((pair) => pair.symbol);
    const pairOf = new Map(pairs.map((pair) => [pair.symbol, pair]));
    const { source } = marketData.status();
    void store
      .haltAlerts(symbols, now, (alert, targets) => {
        const last = marketData.latestCandle(alert.symbol, alert.interval);
        const pair = pairOf.get(alert.symbol);
        return renderFiring(channels, {
          firedAt: now,
          value: last?.close ?? alert.valueOnCreation,
          bar: undefined,
          simulated: source === 'simulator',
          text: {
            title: `${alert.symbol} stopped trading`,
            body:
              `Your alert "${describeAlertCondition({ ...alert, ...(pair === undefined ? {} : { pricePrecision: pair.priceFormat.precision }) })}" on ${alert.symbol} has ended: the market no longer trades the pair.` +
              (source === 'simulator' ? ' (simulated market)' : ''),
          },
        })(alert, targets);
      })
      .then(async (halted) => {
        if (halted.length === 0) return;
        logger.info(
          { alerts: halted.length, symbols: symbols.slice(0, 20) },
          'alerts halted: their pairs stopped trading',
        );
        await options.announce({ kind: 'triggered', alertIds: halted.map((alert) => alert.id) });
      })
      .catch((error: unknown) => {
        // The directory tells a stop once: retried here, or the alerts would watch a silent
        // stream for good.
        logger.error(
          { err: error, tries },
          'could not halt the alerts of pairs that stopped trading; will try again',
        );
        if (tries >= MAX_TRIES) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          halt(pairs, tries + 1);
        }, options.retryMs ?? 30_000);
        timer.unref();
        timers.add(timer);
      });
  };
  const stopListening = options.symbols.onStopped((pairs) => halt(pairs, 1));
  return () => {
    stopListening();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
