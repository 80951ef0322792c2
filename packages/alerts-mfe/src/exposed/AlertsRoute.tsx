import { useMemo } from 'react';
import { getMarketData } from '@pairwatch/market-data';
import { AlertsClient } from '../alerts/AlertsClient';
import { sharedOwnerSession } from '../owner/sharedOwnerSession';
import { sharedPushService } from '../push/sharedPushService';
import { AlertsScreen } from '../screen/AlertsScreen';
import { type AlertsServices } from '../screen/AlertsServices';

/**
 * The Alerts screen as the shell mounts it (Module Federation `alerts_mfe/AlertsRoute`). Needs
 * the shell's router, theme, SnackbarProvider and a configured market-data client.
 */
export default function AlertsRoute() {
  const services = useMemo<AlertsServices>(() => {
    const market = getMarketData();
    const alerts = new AlertsClient(market.apiUrl);
    const owner = sharedOwnerSession(alerts);
    return { market, alerts, push: sharedPushService(alerts, owner), owner, channels: alerts };
  }, []);
  return <AlertsScreen services={services} />;
}
