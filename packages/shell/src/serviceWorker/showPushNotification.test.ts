import { describe, expect, it, jest } from '@jest/globals';
import { showPushNotification } from './showPushNotification';
import { type NotificationRegistrationLike } from './workerTypes';

describe('showPushNotification', () => {
  it('shows the title, body, icon and tag, and keeps the click URL in the data', async () => {
    const registration = {
      showNotification: jest.fn<NotificationRegistrationLike['showNotification']>(
        async () => undefined,
      ),
    };
    await showPushNotification(registration, {
      title: 'ETHUSDT RSI alert',
      body: 'ETHUSDT RSI (1h) dropped to 30.00',
      icon: '/icons/eth.png',
      url: '/alerts?symbol=ETHUSDT&interval=OneHour',
      tag: 'alert-9',
    });
    expect(registration.showNotification).toHaveBeenCalledWith('ETHUSDT RSI alert', {
      body: 'ETHUSDT RSI (1h) dropped to 30.00',
      icon: '/icons/eth.png',
      badge: '/icons/eth.png',
      tag: 'alert-9',
      data: { url: '/alerts?symbol=ETHUSDT&interval=OneHour' },
    });
  });
});
