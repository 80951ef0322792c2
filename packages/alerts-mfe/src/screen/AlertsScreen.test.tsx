import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closeSnackbar } from 'notistack';
import { ApiError } from '../alerts/ApiError';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { SUBSCRIPTION_ID_KEY } from '../push/initialPushState';
import { PushSubscriptionService } from '../push/PushSubscriptionService';
import { ALERTS_STORE_KEY } from '@pairwatch/domain';
import { anAlert } from '../test-support/alerts';
import { minuteCandles } from '../test-support/candles';
import { FakeAlertsApi } from '../test-support/FakeAlertsApi';
import { FakeChannelsApi } from '../test-support/FakeChannelsApi';
import { OwnerSession } from '../owner/OwnerSession';
import { FakeMarketData } from '../test-support/FakeMarketData';
import { FakePushPlatform } from '../test-support/FakePushPlatform';
import { MemoryStorage } from '../test-support/MemoryStorage';
import { lastMockChart, resetMockCharts } from '../test-support/lightweightChartsMock';
import { renderWithProviders } from '../test-support/renderWithProviders';
import { AlertsScreen } from './AlertsScreen';
import { UNREADABLE_ALERT_TEXT } from '../table/AlertsTable';

const pushApi = {
  getPushPublicKey: async () => 'BAECAwQ',
  registerPushSubscription: async (_body: unknown, ownerId?: string) => ({
    subscriptionId: 'sub-1',
    ownerId: ownerId ?? 'sub-1',
  }),
};

let storage: MemoryStorage;

/** A pair outside the ten defaults, quoted in BTC. */
const ETHBTC = {
  symbol: 'ETHBTC',
  baseAsset: 'ETH',
  quoteAsset: 'BTC',
  priceFormat: { precision: 5, minMove: 0.00001 },
  quantityFormat: { precision: 4, minMove: 0.0001 },
};

function setup({
  route = '/alerts',
  permission = 'granted' as NotificationPermission,
  subscriptionId = 'sub-1' as string | null,
  supported = true,
} = {}) {
  if (subscriptionId) storage.setItem(SUBSCRIPTION_ID_KEY, subscriptionId);
  const market = new FakeMarketData();
  const alerts = new FakeAlertsApi();
  const platform = new FakePushPlatform();
  platform.current = permission;
  platform.supported = supported;
  const owner = new OwnerSession({ createOwner: async () => 'owner-new' }, storage);
  const push = new PushSubscriptionService(pushApi, platform, storage, owner);
  const channels = new FakeChannelsApi();
  const services = { market, alerts, push, owner, channels };
  return {
    market,
    alerts,
    platform,
    push,
    channels,
    user: userEvent.setup(),
    /** Renders the screen and waits for its lazily loaded New Alert card and alerts table. */
    render: async () => {
      const rendered = renderWithProviders(<AlertsScreen services={services} storage={storage} />, {
        route,
      });
      // The first test also loads the chunk's modules (formik, yup): allow for a slow machine.
      await screen.findByRole('button', { name: 'Create Alert' }, { timeout: 10_000 });
      return rendered;
    },
  };
}

const T0 = 1_700_000_040;

/** The chart's price series. */
const prices = () => lastMockChart().series[0]!;

/** The tab becomes visible again. */
function showTab(): void {
  jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

const inactiveText =
  /To create and receive alerts, please\s*enable push notifications\s*in your browser\./;

describe('AlertsScreen', () => {
  beforeEach(() => {
    storage = new MemoryStorage();
    resetMockCharts();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  describe('push banner', () => {
    it('explains that the browser lacks push support', async () => {
      const { alerts, render } = setup({ supported: false });
      await render();
      expect(
        screen.getByText(
          'Your browser does not support push notifications. If you are on mobile, you need to add the app to your home screen from a supported browser.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Create Alert' })).toBeDisabled();
      // The stored subscription id still lists the alerts made before.
      await waitFor(() => expect(alerts.listCalls).toEqual(['sub-1']));
      expect(await screen.findByText('No alerts')).toBeInTheDocument();
    });

    it('links to enabling push when it is inactive, and enables creating once granted', async () => {
      const { user, platform, render } = setup({ permission: 'default', subscriptionId: null });
      await render();
      expect(screen.getByRole('alert')).toHaveTextContent(inactiveText);
      expect(screen.getByRole('button', { name: 'Create Alert' })).toBeDisabled();
      // The reason is beside the disabled button: where an alert could go.
      expect(screen.getByRole('button', { name: 'Create Alert' })).toHaveAccessibleDescription(
        'Turn on push or add a webhook under Where alerts go.',
      );
      await user.click(screen.getByRole('button', { name: 'enable push notifications' }));
      expect(platform.requests).toBe(1);
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Create Alert' })).toBeEnabled();
    });

    it('shows no push banner once a webhook takes the alerts, and lets alerts be created', async () => {
      storage.setItem('pairwatch-owner-id', 'owner-1');
      const { channels, render } = setup({ permission: 'denied', subscriptionId: null });
      channels.channels.set('owner-1', [
        {
          id: 'hook-1',
          kind: 'webhook',
          url: 'https://hooks.example.org/x',
          disabled: false,
          createdAt: '2026-11-27T00:00:00.000Z',
        },
      ]);
      await render();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Create Alert' })).toBeEnabled(),
      );
      expect(screen.queryByText(ALERTS_MESSAGES.pushDenied)).not.toBeInTheDocument();
    });

    it('shows no banner when push is active', async () => {
      await setup().render();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Create Alert' })).toBeEnabled(),
      );
      expect(screen.queryByText(inactiveText)).not.toBeInTheDocument();
    });

    it('follows a permission revoked in the browser settings', async () => {
      const { platform, render } = setup();
      await render();
      act(() => platform.changePermission('denied'));
      // Revoked after the screen settled: the banner says how to allow notifications again.
      expect(await screen.findByRole('alert')).toHaveTextContent(ALERTS_MESSAGES.pushDenied);
      expect(screen.getByRole('button', { name: 'Create Alert' })).toBeDisabled();
    });
  });

  describe('alerts list', () => {
    it("loads the subscription's alerts", async () => {
      const { alerts, render } = setup();
      alerts.list = [anAlert({ id: 'a1' })];
      await render();
      expect(await screen.findByTestId('alert-row-a1')).toBeInTheDocument();
      expect(alerts.listCalls[0]).toBe('sub-1');
    });

    it('shows an empty list without asking the api when there is no subscription', async () => {
      const { alerts, render } = setup({ permission: 'default', subscriptionId: null });
      await render();
      expect(await screen.findByText('No alerts')).toBeInTheDocument();
      expect(alerts.listCalls).toEqual([]);
    });

    it('toasts and shows no alerts when fetching them fails', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { alerts, render } = setup();
      alerts.listError = new Error('down');
      await render();
      await waitFor(() =>
        expect(warn).toHaveBeenCalledWith('[alerts] listing alerts failed:', alerts.listError),
      );
      expect(
        await screen.findByText('An error occurred while fetching alerts.'),
      ).toBeInTheDocument();
      expect(screen.getByText('No alerts')).toBeInTheDocument();
    });

    it('reloads the list after an alert is created', async () => {
      const { alerts, user, render } = setup();
      await render();
      await waitFor(() => expect(alerts.listCalls).toHaveLength(1));
      alerts.list = [anAlert({ id: 'created' })];
      await user.type(screen.getByRole('textbox', { name: 'Target value' }), '70000');
      await user.click(screen.getByRole('button', { name: 'Create Alert' }));
      expect(await screen.findByTestId('alert-row-created')).toBeInTheDocument();
    });

    it("formats the selected symbol's alert prices with its live symbol info, like the chart", async () => {
      const { alerts, market, render } = setup();
      market.priceFormats.BTCUSDT = { precision: 4, minMove: 0.0001 };
      alerts.list = [
        anAlert({ id: 'btc', valueTarget: 65000 }),
        anAlert({ id: 'eth', symbol: 'ETHUSDT', valueTarget: 3000 }),
      ];
      await render();
      const btc = within(await screen.findByTestId('alert-row-btc'));
      expect(await btc.findByText('65,000.0000 USDT')).toBeInTheDocument();
      // Other symbols keep the catalogue format: only the selected symbol's info is loaded.
      expect(
        within(screen.getByTestId('alert-row-eth')).getByText('3,000.00 USDT'),
      ).toBeInTheDocument();
    });

    it('hides a deleted alert at once, says so, and deletes it when the toast goes', async () => {
      const { alerts, user, render } = setup();
      alerts.list = [anAlert({ id: 'a1' }), anAlert({ id: 'a2', symbol: 'ETHUSDT' })];
      await render();
      await screen.findByTestId('alert-row-a1');
      await user.click(screen.getByRole('button', { name: 'Delete ETHUSDT Price Alert' }));
      expect(await screen.findByText('Alert deleted successfully.')).toBeInTheDocument();
      expect(screen.queryByTestId('alert-row-a2')).not.toBeInTheDocument();
      // The api has no undelete: nothing is sent while Undo is offered.
      expect(alerts.deleted).toEqual([]);

      act(() => closeSnackbar());
      await waitFor(() => expect(alerts.deleted).toEqual([{ id: 'a2', subscriptionId: 'sub-1' }]));
      expect(screen.queryByTestId('alert-row-a2')).not.toBeInTheDocument();
    });

    it('brings a deleted alert back with Undo, and never sends its DELETE', async () => {
      const { alerts, user, render } = setup();
      alerts.list = [anAlert({ id: 'a1' }), anAlert({ id: 'a2', symbol: 'ETHUSDT' })];
      await render();
      await screen.findByTestId('alert-row-a2');
      await user.click(screen.getByRole('button', { name: 'Delete ETHUSDT Price Alert' }));
      expect(screen.queryByTestId('alert-row-a2')).not.toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Undo' }));
      expect(await screen.findByTestId('alert-row-a2')).toBeInTheDocument();
      act(() => closeSnackbar());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(alerts.deleted).toEqual([]);
    });

    it('sends a waiting DELETE as keepalive when the page is hidden for good', async () => {
      const { alerts, user, render } = setup();
      const keepalive: unknown[] = [];
      const deleteAlert = alerts.deleteAlert;
      alerts.deleteAlert = async (id, subscriptionId, options?: { keepalive?: boolean }) => {
        keepalive.push(options?.keepalive);
        return deleteAlert(id, subscriptionId);
      };
      alerts.list = [anAlert({ id: 'a1' })];
      await render();
      await user.click(await screen.findByRole('button', { name: 'Delete BTCUSDT Price Alert' }));
      expect(alerts.deleted).toEqual([]);
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      await waitFor(() => expect(alerts.deleted).toEqual([{ id: 'a1', subscriptionId: 'sub-1' }]));
      expect(keepalive).toEqual([true]);
    });

    it("shows the api's detail when deleting fails, and keeps the row", async () => {
      const { alerts, user, render } = setup();
      alerts.list = [anAlert({ id: 'a1' })];
      alerts.deleteError = new ApiError(
        'DELETE /alerts',
        404,
        'Alert not found.',
        'ALERT_NOT_FOUND',
      );
      await render();
      await user.click(await screen.findByRole('button', { name: 'Delete BTCUSDT Price Alert' }));
      act(() => closeSnackbar());
      expect(await screen.findByText('Alert not found.')).toBeInTheDocument();
      expect(await screen.findByTestId('alert-row-a1')).toBeInTheDocument();
    });

    it('shows the unknown-error text when deleting fails without a detail', async () => {
      const { alerts, user, render } = setup();
      alerts.list = [anAlert({ id: 'a1' })];
      alerts.deleteError = new ApiError('DELETE /alerts', 0, undefined, undefined);
      await render();
      await user.click(await screen.findByRole('button', { name: 'Delete BTCUSDT Price Alert' }));
      act(() => closeSnackbar());
      expect(
        await screen.findByText('An unknown error occurred while deleting the alert.'),
      ).toBeInTheDocument();
    });

    it('toasts and updates the row when an alert triggers', async () => {
      const { alerts, market, render } = setup();
      const alert = anAlert({ id: 'a1', valueOnCreation: 60000, valueTarget: 65000 });
      alerts.list = [alert];
      await render();
      await screen.findByTestId('alert-row-a1');
      act(() =>
        market.emitTriggered('sub-1', {
          ...alert,
          status: 'Triggered',
          triggeredAt: '2025-01-01T11:00:00Z',
          triggeredValue: 65001,
        }),
      );
      expect(await screen.findByText('BTCUSDT price rose to 65,001.00')).toBeInTheDocument();
      expect(screen.getByTestId('alert-row-a1')).toHaveAttribute('data-status', 'Triggered');
    });

    it('keeps every other alert when the api lists one this page cannot read', async () => {
      const { alerts, render } = setup();
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      alerts.list = [
        anAlert({ id: 'a1' }),
        { kind: 'unreadable', id: 'a2', symbol: 'BTCUSDT', createdAt: undefined, problem: '?' },
      ];
      await render();
      expect(await screen.findByTestId('alert-row-a1')).toBeInTheDocument();
      expect(
        within(screen.getByTestId('alert-row-a2')).getByText(UNREADABLE_ALERT_TEXT),
      ).toBeInTheDocument();
      warn.mockRestore();
    });

    it("words a repeating alert's firing by its condition and keeps it Active", async () => {
      const { alerts, market, render } = setup();
      const alert = anAlert({ id: 'a1', condition: 'CrossingUp', frequency: 'OncePerBar' });
      alerts.list = [alert];
      await render();
      await screen.findByTestId('alert-row-a1');
      act(() =>
        market.emitTriggered('sub-1', {
          ...alert,
          triggerCount: 2,
          lastTriggeredAt: '2025-01-01T11:00:00Z',
          triggeredValue: 65001,
        }),
      );
      expect(await screen.findByText('BTCUSDT crossed up 65,000.00')).toBeInTheDocument();
      expect(screen.getByTestId('alert-row-a1')).toHaveAttribute('data-status', 'Active');
      expect(
        within(screen.getByTestId('alert-row-a1')).getByText('Fired 2 times'),
      ).toBeInTheDocument();
    });

    it('turns the row into one it cannot show when a firing comes from a newer version', async () => {
      const { alerts, market, render } = setup();
      const alert = anAlert({ id: 'a1' });
      alerts.list = [alert];
      await render();
      await screen.findByTestId('alert-row-a1');
      act(() => market.emitTriggered('sub-1', { ...alert, condition: 'Wobbling' as 'Crossing' }));
      expect(await screen.findByText(UNREADABLE_ALERT_TEXT)).toBeInTheDocument();
    });
  });

  describe('where alerts go', () => {
    it('lets a browser without push create alerts once it has a webhook, under its own owner', async () => {
      const { alerts, channels, user, render } = setup({
        permission: 'denied',
        subscriptionId: null,
      });
      await render();
      const create = screen.getByRole('button', { name: 'Create Alert' });
      expect(create).toBeDisabled();
      expect(create).toHaveAccessibleDescription(
        'Add a webhook under Where alerts go to create alerts.',
      );
      await user.click(screen.getByRole('button', { name: 'Add webhook' }));
      const form = screen.getByRole('form', { name: 'Add webhook' });
      await user.type(
        within(form).getByRole('textbox', { name: 'Webhook URL' }),
        'https://hooks.example.com/pw',
      );
      await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
      await screen.findByTestId('webhook-secret');
      await waitFor(() => expect(create).toBeEnabled());
      // The owner POST /owners made is the key of the alerts now.
      await waitFor(() => expect(alerts.listCalls).toContain('owner-new'));
      expect(storage.getItem('pairwatch-owner-id')).toBe('owner-new');
      await user.type(screen.getByRole('textbox', { name: 'Target value' }), '70000');
      await user.click(create);
      await waitFor(() => expect(alerts.created).toHaveLength(1));
      expect(alerts.created[0]).toMatchObject({ ownerId: 'owner-new', valueTarget: 70000 });
      expect(channels.calls).toContain('webhook owner-new https://hooks.example.com/pw -');
    });

    it('uses a legacy browser’s subscription id as its owner for alerts and channels', async () => {
      const { alerts, channels, render } = setup();
      await render();
      await waitFor(() => expect(alerts.listCalls).toEqual(['sub-1']));
      await waitFor(() => expect(channels.calls).toContain('list sub-1'));
    });

    it('shows a row’s deliveries in words', async () => {
      const { alerts, channels, user, render } = setup();
      alerts.list = [anAlert({ id: 'a1' })];
      channels.add('sub-1', {
        kind: 'webhook',
        id: 'w1',
        url: 'https://hooks.example.com/pw',
        disabled: false,
        createdAt: '',
      });
      channels.deliveries = [
        {
          id: 'd1',
          channelId: 'w1',
          kind: 'webhook',
          status: 'Delivered',
          attempts: 1,
          createdAt: '2030-01-01T00:00:00.000Z',
        },
        {
          id: 'd2',
          channelId: 'p1',
          kind: 'push',
          status: 'Retrying',
          attempts: 2,
          lastError: 'push service answered 503',
          createdAt: '2030-01-01T00:00:00.000Z',
        },
      ];
      await render();
      const row = await screen.findByTestId('alert-row-a1');
      await waitFor(() => expect(channels.calls).toContain('list sub-1'));
      await user.click(within(row).getByRole('button', { name: /^Deliveries of BTCUSDT/ }));
      const dialog = await screen.findByRole('dialog', { name: /^Deliveries of BTCUSDT/ });
      expect(await within(dialog).findByTestId('deliveries')).toHaveTextContent(
        'Webhook hooks.example.com — delivered after 1 attemptThis browser — retrying (2 attempts): push service answered 503',
      );
      expect(channels.calls).toContain('deliveries a1 sub-1');
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });

  describe('alerts on the chart', () => {
    const lineIds = () =>
      prices()
        .lines.map((line) => line.opts.id)
        .filter((id) => String(id).startsWith('alert:'));

    it('draws the listed alerts as levels and takes a triggered one off', async () => {
      const { alerts, market, render } = setup();
      market.candles = minuteCandles(T0, 500);
      const alert = anAlert({ id: 'a1', valueOnCreation: 60000, valueTarget: 65000 });
      alerts.list = [alert, anAlert({ id: 'a2', symbol: 'ETHUSDT' })];
      await render();
      await waitFor(() => expect(lineIds()).toEqual(['alert:a1']));
      act(() =>
        market.emitTriggered('sub-1', {
          ...alert,
          status: 'Triggered',
          triggeredAt: new Date((T0 + 499 * 60) * 1000).toISOString(),
          triggeredValue: 65001,
        }),
      );
      await waitFor(() => expect(lineIds()).toEqual([]));
    });

    it('fills New Alert from the "+" on the price axis, and from Alt+A at the last price', async () => {
      const { market, render, user } = setup();
      market.candles = minuteCandles(T0, 500);
      await render();
      await waitFor(() => expect(prices().bars).toHaveLength(500));
      prices().coordinateToPrice = () => 64_321.987;
      act(() => lastMockChart().emitCrosshair({ time: T0, point: { x: 50, y: 60 }, paneIndex: 0 }));
      await user.click(screen.getByRole('button', { name: 'Add an alert at 64,321.99' }));
      const target = screen.getByRole('textbox', { name: 'Target value' });
      await waitFor(() => expect(target).toHaveValue('64321.99'));
      expect(target).toHaveFocus();
      await user.keyboard('{Alt>}a{/Alt}');
      const last = minuteCandles(T0, 500)[499]!.close;
      await waitFor(() => expect(target).toHaveValue(last.toFixed(2)));
    });
  });

  describe('symbol and interval', () => {
    it('loads the symbol info of the persisted symbol', async () => {
      storage.setItem(
        ALERTS_STORE_KEY,
        JSON.stringify({ state: { symbol: 'DOTUSDT' }, version: 0 }),
      );
      const { market, render } = setup();
      await render();
      await waitFor(() => expect(market.symbolRequests[0]?.symbols).toEqual(['DOTUSDT']));
      expect(screen.getByRole('figure', { name: /DOTUSDT candlestick chart/ })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Symbol' })).toHaveTextContent('DOTUSDT');
    });

    it('opens on the symbol and interval given in the URL, without loading the stored ones first', async () => {
      storage.setItem(
        ALERTS_STORE_KEY,
        JSON.stringify({ state: { symbol: 'DOTUSDT' }, version: 0 }),
      );
      const { market, render } = setup({ route: '/alerts?symbol=ETHUSDT&interval=OneHour' });
      await render();
      await waitFor(() => expect(market.candleRequests.length).toBeGreaterThan(0));
      expect(market.candleRequests).toEqual([{ symbol: 'ETHUSDT', interval: 'OneHour' }]);
      expect(screen.getByRole('button', { name: '1h' })).toHaveAttribute('aria-pressed', 'true');
      expect(JSON.parse(storage.getItem(ALERTS_STORE_KEY)!).state.symbol).toBe('ETHUSDT');
    });

    it('opens any pair the URL names, e.g. ?symbol=ETHBTC', async () => {
      const { market, render } = setup({ route: '/alerts?symbol=ETHBTC&interval=OneHour' });
      market.extraPairs = [ETHBTC];
      await render();
      await waitFor(() =>
        expect(market.candleRequests.at(-1)).toEqual({ symbol: 'ETHBTC', interval: 'OneHour' }),
      );
      expect(screen.queryByText(/is not traded any more/)).toBeNull();
    });

    it('moves off a pair the market no longer trades, to BTCUSDT, and says so', async () => {
      const { market, render } = setup({ route: '/alerts?symbol=LUNAUSDT&interval=OneHour' });
      await render();
      expect(
        await screen.findByText('LUNAUSDT is not traded any more: showing BTCUSDT.'),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(market.candleRequests.at(-1)).toEqual({ symbol: 'BTCUSDT', interval: 'OneHour' }),
      );
    });

    it('ignores malformed values in the URL', async () => {
      const { market, render } = setup({ route: '/alerts?symbol=xrp-usdt&interval=TenYears' });
      await render();
      await waitFor(() =>
        expect(market.candleRequests.at(-1)).toEqual({ symbol: 'BTCUSDT', interval: 'OneMinute' }),
      );
    });

    it('refetches the symbol info when the tab becomes visible again', async () => {
      const { market, render } = setup();
      await render();
      await waitFor(() => expect(market.symbolRequests).toHaveLength(1));
      jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(market.symbolRequests).toHaveLength(1);
      jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(market.symbolRequests).toHaveLength(2));
      expect(market.symbolRequests[1]).toEqual({ symbols: ['BTCUSDT'], refresh: true });
    });

    it('keeps the chart when the tab becomes visible again and the symbol info is unchanged', async () => {
      const { market, render } = setup();
      market.candles = minuteCandles(T0, 500);
      await render();
      await waitFor(() => expect(prices().bars).toHaveLength(500));
      expect(market.symbolRequests).toHaveLength(1);
      const candleRequests = market.candleRequests.length;
      const setDataCalls = prices().setDataCalls;
      showTab();
      await waitFor(() => expect(market.symbolRequests).toHaveLength(2));
      await act(async () => undefined);
      expect(market.candleRequests).toHaveLength(candleRequests);
      expect(prices().setDataCalls).toBe(setDataCalls);
      expect(prices().bars).toHaveLength(500);
    });

    it('retries a failed older page on the next scroll, with one error toast at a time', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { market, render } = setup();
      market.candles = minuteCandles(T0, 500);
      market.olderCandlesError = new Error('candles down');
      await render();
      await waitFor(() => expect(prices().bars).toHaveLength(500));
      prices().barsBefore = 10;
      act(() => lastMockChart().emitVisibleRange());
      expect(
        await screen.findByText('An error occurred while trying to fetch candles data.'),
      ).toBeInTheDocument();
      act(() => lastMockChart().emitVisibleRange());
      await waitFor(() => expect(market.candleRequests).toHaveLength(3));
      await act(async () => undefined);
      expect(
        screen.getAllByText('An error occurred while trying to fetch candles data.'),
      ).toHaveLength(1);
      expect(prices().bars).toHaveLength(500);
    });

    it('keeps the last symbol info and the chart when a refresh fails', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { market, render } = setup();
      market.candles = minuteCandles(T0, 500);
      await render();
      await waitFor(() => expect(prices().bars).toHaveLength(500));
      const candleRequests = market.candleRequests.length;
      market.symbolsFail = true;
      showTab();
      expect(
        await screen.findByText('An error occurred while fetching symbols info.'),
      ).toBeInTheDocument();
      expect(market.candleRequests).toHaveLength(candleRequests);
      expect(prices().bars).toHaveLength(500);
    });

    it('shows no symbols error toast while the browser is offline (the chart says it is offline)', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const { market, render } = setup();
      market.symbolsFail = true;
      await render();
      await waitFor(() => expect(market.symbolRequests.length).toBeGreaterThan(0));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText('An error occurred while fetching symbols info.')).toBeNull();
    });

    it('draws the candles with the default format when the symbol info cannot be fetched', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { market, render } = setup();
      market.symbolsFail = true;
      market.candles = minuteCandles(T0, 500);
      await render();
      await waitFor(() => expect(prices().bars).toHaveLength(500));
      expect(prices().options.priceFormat).toMatchObject({ type: 'custom', minMove: 0.01 });
      expect(prices().priceFormatter().format(87_600)).toBe('87,600.00');
      expect(lastMockChart().watermarks[0]!.text).toBeUndefined();
    });

    it('toasts when the symbol info cannot be fetched', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { market, render } = setup();
      market.symbolsFail = true;
      await render();
      await waitFor(() =>
        expect(warn).toHaveBeenCalledWith('[alerts] symbol info failed:', expect.any(Error)),
      );
      expect(
        await screen.findByText('An error occurred while fetching symbols info.'),
      ).toBeInTheDocument();
    });

    it('selects the ticker symbol and interval and scrolls to the top on a ticker click', async () => {
      const scrollTo = jest.fn();
      window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
      const { alerts, market, user, render } = setup();
      alerts.list = [anAlert({ id: 'r', symbol: 'LINKUSDT', type: 'Rsi', interval: 'FourHour' })];
      await render();
      await user.click(await screen.findByRole('button', { name: 'LINKUSDT' }));
      await waitFor(() =>
        expect(market.candleRequests.at(-1)).toEqual({ symbol: 'LINKUSDT', interval: 'FourHour' }),
      );
      expect(screen.getByRole('button', { name: '4h' })).toHaveAttribute('aria-pressed', 'true');
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    });

    it('shows the live price in the helper line', async () => {
      const { market, user, render } = setup();
      await render();
      await user.type(screen.getByRole('textbox', { name: 'Target value' }), '70000');
      act(() =>
        market.emitCandle('BTCUSDT', 'OneMinute', {
          time: 1_700_000_040 as never,
          open: 1,
          high: 1,
          low: 1,
          close: 68000,
        }),
      );
      const line = await screen.findByTestId('alert-helper-line');
      expect(line).toHaveTextContent('Creating bullish alert for BTCUSDT:');
      expect(within(line).getByTestId('alert-helper-current')).toHaveTextContent('68,000.00');
    });
  });
});
