import { type RenderDeliveries } from '../storage/AlertStore';
import { randomId } from '../storage/recordId';
import { type AlertFiringEvent, type DeliveryChannel } from './DeliveryChannel';
import { type DeliveryChannels } from './DeliverySender';

/**
 * What the store calls inside a firing's transaction: one delivery per channel the alert goes to,
 * each rendered by its kind (a kind this server does not run, e.g. Telegram without a bot token,
 * gets none). Rendering is pure and fast: it runs while the firing's row is locked.
 */
export function renderFiring(
  channels: DeliveryChannels,
  firing: Omit<AlertFiringEvent, 'alert'>,
): RenderDeliveries {
  return (alert, targets) =>
    targets.flatMap((channel) => {
      const sender = channels[channel.kind] as DeliveryChannel | undefined;
      if (!sender) return [];
      const message = sender.render({ ...firing, alert }, channel as never);
      return [{ id: randomId(), channelId: channel.id, kind: channel.kind, ...message }];
    });
}
