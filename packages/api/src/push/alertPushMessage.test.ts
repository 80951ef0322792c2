import { describe, expect, it } from '@jest/globals';
import { buildAlertNotification, pushTopic } from './alertPushMessage';

describe('buildAlertNotification', () => {
  it('carries the Declarative Web Push form, linking to the app’s address, when it is known', () => {
    const notification = buildAlertNotification(
      {
        id: 'd1',
        symbol: 'BTCUSDT',
        type: 'Price',
        interval: 'OneMinute',
        valueOnCreation: 60_000,
        valueTarget: 65_000,
        condition: 'Crossing',
      },
      { value: 65_000 },
      'binance',
      'https://pairwatch.example.org/app',
    );

    expect(notification).toEqual({
      title: 'BTCUSDT price alert',
      body: 'BTCUSDT price rose to 65,000.00',
      icon: '/app-icons/pairwatch-192.png',
      url: '/alerts?symbol=BTCUSDT&interval=OneMinute',
      tag: 'd1',
      web_push: 8030,
      notification: {
        title: 'BTCUSDT price alert',
        body: 'BTCUSDT price rose to 65,000.00',
        navigate: 'https://pairwatch.example.org/app/alerts?symbol=BTCUSDT&interval=OneMinute',
        tag: 'd1',
        lang: 'en',
      },
    });
  });

  it('words a new condition and carries the trader’s message after the simulated note', () => {
    const notification = buildAlertNotification(
      {
        id: 'c1',
        symbol: 'BTCUSDT',
        type: 'Price',
        interval: 'FiveMinutes',
        valueOnCreation: 43_000,
        valueTarget: 44_000,
        condition: 'CrossingUp',
        message: 'Take profit on the breakout',
      },
      { value: 44_010, change: 'upThroughLower' },
      'simulator',
    );

    expect(notification.body).toBe(
      'BTCUSDT crossed up 44,000.00 (simulated market)\nTake profit on the breakout',
    );
    expect(notification.url).toBe('/alerts?symbol=BTCUSDT&interval=FiveMinutes');
  });

  it('describes a bullish price alert with the symbol icon and a 1-minute link', () => {
    const notification = buildAlertNotification(
      {
        id: 'a1',
        symbol: 'BTCUSDT',
        type: 'Price',
        interval: 'OneMinute',
        valueOnCreation: 60_000,
        valueTarget: 65_000,
        condition: 'Crossing',
      },
      { value: 65_000 },
      'binance',
    );

    expect(notification).toEqual({
      title: 'BTCUSDT price alert',
      body: 'BTCUSDT price rose to 65,000.00',
      icon: '/app-icons/pairwatch-192.png',
      url: '/alerts?symbol=BTCUSDT&interval=OneMinute',
      tag: 'a1',
    });
  });

  it('describes a bearish RSI alert with its interval in the text and the link', () => {
    const notification = buildAlertNotification(
      {
        id: 'r1',
        symbol: 'ETHUSDT',
        type: 'Rsi',
        interval: 'OneHour',
        valueOnCreation: 45,
        valueTarget: 30,
        condition: 'Crossing',
      },
      { value: 30 },
      'binance',
    );

    expect(notification).toMatchObject({
      body: 'ETHUSDT RSI (1h) dropped to 30.00',
      icon: '/app-icons/pairwatch-192.png',
      url: '/alerts?symbol=ETHUSDT&interval=OneHour',
    });
  });

  it('says the market is simulated when the simulator is the live source', () => {
    const notification = buildAlertNotification(
      {
        id: 'a2',
        symbol: 'BTCUSDT',
        type: 'Price',
        interval: 'OneMinute',
        valueOnCreation: 60_000,
        valueTarget: 65_000,
        condition: 'Crossing',
      },
      { value: 65_000 },
      'simulator',
    );

    expect(notification).toMatchObject({
      title: 'BTCUSDT price alert',
      body: 'BTCUSDT price rose to 65,000.00 (simulated market)',
    });
  });
});

describe('pushTopic', () => {
  it('uses an id that is already a valid topic as it is', () => {
    expect(pushTopic('AbC-_0123456789xyzXYZ9')).toBe('AbC-_0123456789xyzXYZ9');
  });

  it('derives a stable 32-character base64url topic from a longer or non-base64url id', () => {
    const uuid = '3b241101-e2bb-4255-8caf-4136c566a962';
    const topic = pushTopic(uuid);

    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic(uuid)).toBe(topic);
    expect(pushTopic('an id with spaces')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic('an id with spaces')).not.toBe(topic);
  });
});
