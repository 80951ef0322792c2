import { type AlertDelivery } from '@pairwatch/domain';
import {
  type Channel,
  type ChannelTestResult,
  type CreatedTelegram,
  type CreatedWebhook,
} from '../channels/Channel';
import { type ChannelsApi } from '../screen/AlertsServices';

/** The channel endpoints for component tests: an in-memory owner's channels, calls recorded. */
export class FakeChannelsApi implements ChannelsApi {
  kinds: Channel['kind'][] = ['push', 'webhook'];
  /** Channels by owner id. */
  channels = new Map<string, Channel[]>();
  deliveries: AlertDelivery[] = [];
  calls: string[] = [];
  createError: unknown;
  testResult: ChannelTestResult = { status: 'Delivered', statusCode: 200 };
  testError: unknown;
  deleteError: unknown;
  private nextId = 1;

  listChannelKinds = async (): Promise<Channel['kind'][]> => this.kinds;

  listChannels = async (ownerId: string): Promise<Channel[]> => {
    this.calls.push(`list ${ownerId}`);
    return [...(this.channels.get(ownerId) ?? [])];
  };

  createWebhook = async (
    ownerId: string,
    webhook: { readonly url: string; readonly template?: string },
  ): Promise<CreatedWebhook> => {
    this.calls.push(`webhook ${ownerId} ${webhook.url} ${webhook.template ?? '-'}`);
    if (this.createError) throw this.createError;
    const channel = {
      kind: 'webhook' as const,
      id: `w${this.nextId++}`,
      url: webhook.url,
      ...(webhook.template === undefined ? {} : { template: webhook.template }),
      disabled: false,
      createdAt: new Date(0).toISOString(),
    };
    this.add(ownerId, channel);
    return { ...channel, secret: `secret-${channel.id}` };
  };

  createTelegram = async (ownerId: string): Promise<CreatedTelegram> => {
    this.calls.push(`telegram ${ownerId}`);
    if (this.createError) throw this.createError;
    const channel = {
      kind: 'telegram' as const,
      id: `t${this.nextId++}`,
      linked: false,
      linkUrl: 'https://t.me/pairwatch_bot?start=code',
      disabled: false,
      createdAt: new Date(0).toISOString(),
    };
    this.add(ownerId, channel);
    return channel;
  };

  deleteChannel = async (id: string, ownerId: string): Promise<void> => {
    this.calls.push(`delete ${id} ${ownerId}`);
    if (this.deleteError) throw this.deleteError;
    this.channels.set(
      ownerId,
      (this.channels.get(ownerId) ?? []).filter((channel) => channel.id !== id),
    );
  };

  testChannel = async (id: string, ownerId: string): Promise<ChannelTestResult> => {
    this.calls.push(`test ${id} ${ownerId}`);
    if (this.testError) throw this.testError;
    return this.testResult;
  };

  listDeliveries = async (alertId: string, ownerId: string): Promise<AlertDelivery[]> => {
    this.calls.push(`deliveries ${alertId} ${ownerId}`);
    return this.deliveries;
  };

  /** Links a Telegram channel, as the bot does once the person pressed Start. */
  link(ownerId: string, id: string): void {
    this.channels.set(
      ownerId,
      (this.channels.get(ownerId) ?? []).map((channel) =>
        channel.id === id && channel.kind === 'telegram'
          ? { kind: 'telegram', id, linked: true, disabled: false, createdAt: channel.createdAt }
          : channel,
      ),
    );
  }

  add(ownerId: string, channel: Channel): void {
    this.channels.set(ownerId, [...(this.channels.get(ownerId) ?? []), channel]);
  }
}
