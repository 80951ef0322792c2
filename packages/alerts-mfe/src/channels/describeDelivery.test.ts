import { describe, expect, it } from '@jest/globals';
import { type AlertDelivery } from '@pairwatch/domain';
import { type Channel } from './Channel';
import { describeDelivery, webhookHost } from './describeDelivery';

const channels: Channel[] = [
  {
    kind: 'webhook',
    id: 'w1',
    url: 'https://hooks.example.com/pairwatch?k=1',
    disabled: false,
    createdAt: '',
  },
];

const delivery = (patch: Partial<AlertDelivery>): AlertDelivery => ({
  id: 'd1',
  channelId: 'w1',
  kind: 'webhook',
  status: 'Delivered',
  attempts: 1,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...patch,
});

describe('describeDelivery', () => {
  it('names a webhook by its host and says it was delivered', () => {
    expect(describeDelivery(delivery({}), channels)).toBe(
      'Webhook hooks.example.com — delivered after 1 attempt',
    );
    expect(describeDelivery(delivery({ attempts: 3 }), channels)).toBe(
      'Webhook hooks.example.com — delivered after 3 attempts',
    );
  });

  it('says a retrying delivery’s attempts and its last error', () => {
    expect(
      describeDelivery(
        delivery({
          kind: 'telegram',
          channelId: 't1',
          status: 'Retrying',
          attempts: 3,
          lastStatusCode: 503,
          lastError: '503 Service Unavailable',
        }),
        channels,
      ),
    ).toBe('Telegram — retrying (3 attempts): 503 Service Unavailable');
  });

  it('says a failed delivery’s reason, or its HTTP status when the api gave no words', () => {
    expect(
      describeDelivery(
        delivery({
          kind: 'push',
          channelId: 'p1',
          status: 'Failed',
          lastError: 'the browser unsubscribed',
        }),
        channels,
      ),
    ).toBe('This browser — failed: the browser unsubscribed');
    expect(describeDelivery(delivery({ status: 'Failed', lastStatusCode: 400 }), channels)).toBe(
      'Webhook hooks.example.com — failed: HTTP 400',
    );
  });

  it('says a delivery not tried yet is waiting', () => {
    expect(describeDelivery(delivery({ status: 'Retrying', attempts: 0 }), channels)).toBe(
      'Webhook hooks.example.com — waiting to be sent',
    );
  });

  it('names a webhook deleted since by its kind alone', () => {
    expect(describeDelivery(delivery({ channelId: 'gone' }), channels)).toBe(
      'Webhook — delivered after 1 attempt',
    );
  });

  it('reads a host out of a URL, and keeps what is no URL as it is', () => {
    expect(webhookHost('http://127.0.0.1:4000/hook')).toBe('127.0.0.1:4000');
    expect(webhookHost('not a url')).toBe('not a url');
  });
});
