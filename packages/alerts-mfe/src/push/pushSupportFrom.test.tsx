import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { PushBanner } from '../screen/PushBanner';
import { FakePushPlatform } from '../test-support/FakePushPlatform';
import { MemoryStorage } from '../test-support/MemoryStorage';
import { initialPushState } from './initialPushState';
import { type PushSignals } from './PushSignals';
import { pushSupportFrom } from './pushSupportFrom';

// The signals each browser really gives (issue #26): iOS hides PushManager (and Notification)
// from Safari's tabs and exposes them to the Home Screen app, which runs standalone.
const BROWSERS: Record<string, PushSignals> = {
  'iOS Safari': {
    pushManager: false,
    serviceWorker: true,
    notification: false,
    standalone: false,
    iOS: true,
  },
  'the iOS Home Screen app': {
    pushManager: true,
    serviceWorker: true,
    notification: true,
    standalone: true,
    iOS: true,
  },
  'Android Chrome': {
    pushManager: true,
    serviceWorker: true,
    notification: true,
    standalone: false,
    iOS: false,
  },
  'desktop Firefox': {
    pushManager: true,
    serviceWorker: true,
    notification: true,
    standalone: false,
    iOS: false,
  },
};

/** The banner a page starts with in that browser (nothing subscribed yet). */
function bannerText(signals: PushSignals): string {
  const platform = new FakePushPlatform();
  platform.supported = pushSupportFrom(signals) === 'supported';
  const state = initialPushState(platform, new MemoryStorage());
  const { container } = render(
    <PushBanner status={state.status} problem={state.problem} onEnable={jest.fn()} />,
  );
  return container.textContent ?? '';
}

describe('pushSupportFrom', () => {
  it.each([
    ['iOS Safari', 'home-screen'],
    ['the iOS Home Screen app', 'supported'],
    ['Android Chrome', 'supported'],
    ['desktop Firefox', 'supported'],
  ])('decides %s: %s', (browser, expected) => {
    expect(pushSupportFrom(BROWSERS[browser]!)).toBe(expected);
  });

  it("shows iOS Safari the spec's add-to-home-screen banner", () => {
    expect(bannerText(BROWSERS['iOS Safari']!)).toBe(ALERTS_MESSAGES.pushUnsupported);
  });

  it.each(['the iOS Home Screen app', 'Android Chrome', 'desktop Firefox'])(
    'asks %s to enable push instead',
    (browser) => {
      expect(bannerText(BROWSERS[browser]!)).toBe(
        `${ALERTS_MESSAGES.pushInactiveBefore}${ALERTS_MESSAGES.pushInactiveLink}${ALERTS_MESSAGES.pushInactiveAfter}`,
      );
      expect(screen.getByRole('button', { name: ALERTS_MESSAGES.pushInactiveLink })).toBeVisible();
    },
  );

  it('needs all three features elsewhere, whatever the platform', () => {
    const noPush = { ...BROWSERS['desktop Firefox']!, pushManager: false };
    expect(pushSupportFrom(noPush)).toBe('unsupported');
    // An iOS standalone app without the Push API (before iOS 16.4).
    const oldIOS = {
      ...BROWSERS['the iOS Home Screen app']!,
      pushManager: false,
      notification: false,
    };
    expect(pushSupportFrom(oldIOS)).toBe('unsupported');
  });
});
