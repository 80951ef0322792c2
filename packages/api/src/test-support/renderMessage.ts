import { type RenderDeliveries } from '../storage/AlertStore';

/**
 * A firing's render for store tests: one delivery per channel the alert goes to, the first with
 * id `id` (then `id-1`, `id-2`…), the alert id as topic and `payload` as body.
 */
export function renderMessage(id: string, payload = '{}'): RenderDeliveries {
  return (alert, channels) =>
    channels.map((channel, index) => ({
      id: index === 0 ? id : `${id}-${index}`,
      channelId: channel.id,
      kind: channel.kind,
      topic: alert.id,
      payload,
    }));
}
