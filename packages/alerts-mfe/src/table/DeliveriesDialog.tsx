import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { apiErrorDetail } from '../alerts/ApiError';
import { DELIVERY_MESSAGES } from '../alertsMessages';
import { type AlertDelivery } from '@pairwatch/domain';
import { type Channel } from '../channels/Channel';
import { describeDelivery } from '../channels/describeDelivery';

/** Props of {@link DeliveriesDialog}. */
export interface DeliveriesDialogProps {
  /** The alert whose deliveries are shown, by id and by name ("BTCUSDT Price Alert"). */
  readonly alert: { readonly id: string; readonly name: string };
  /** Reads the alert's delivery log (`GET /alerts/{id}/deliveries`). */
  readonly load: (alertId: string) => Promise<AlertDelivery[]>;
  /** The owner's channels, to name a webhook by its host. */
  readonly channels: readonly Channel[];
  readonly onClose: () => void;
}

type Loaded =
  | { readonly state: 'loading' }
  | { readonly state: 'loaded'; readonly deliveries: readonly AlertDelivery[] }
  | { readonly state: 'failed'; readonly detail: string };

/** Where an alert's firings went, one line in words per channel and firing, newest last. */
export function DeliveriesDialog({ alert, load, channels, onClose }: DeliveriesDialogProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    load(alert.id).then(
      (deliveries) => {
        if (live) setLoaded({ state: 'loaded', deliveries });
      },
      (error: unknown) => {
        if (live)
          setLoaded({
            state: 'failed',
            detail: apiErrorDetail(error) ?? DELIVERY_MESSAGES.failedToLoad,
          });
      },
    );
    return () => {
      live = false;
    };
  }, [alert.id, load]);

  return (
    <Dialog open onClose={onClose} aria-labelledby="deliveries-title" fullWidth maxWidth="sm">
      <DialogTitle id="deliveries-title">{DELIVERY_MESSAGES.title(alert.name)}</DialogTitle>
      <DialogContent>
        {loaded.state === 'loading' ? (
          <Typography variant="body2">{DELIVERY_MESSAGES.loading}</Typography>
        ) : loaded.state === 'failed' ? (
          <Typography variant="body2" color="error">
            {loaded.detail}
          </Typography>
        ) : loaded.deliveries.length === 0 ? (
          <Typography variant="body2">{DELIVERY_MESSAGES.none}</Typography>
        ) : (
          <Typography
            component="ul"
            variant="body2"
            data-testid="deliveries"
            sx={{ m: 0, pl: 2.5, '& li + li': { mt: 0.5 }, overflowWrap: 'anywhere' }}
          >
            {loaded.deliveries.map((delivery) => (
              <li key={delivery.id} title={new Date(delivery.createdAt).toLocaleString()}>
                {describeDelivery(delivery, channels)}
              </li>
            ))}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: { xs: 44, sm: 0 } }}>
          {DELIVERY_MESSAGES.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
