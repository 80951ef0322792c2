import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Interval,
  type SymbolId,
  type UnixSeconds,
  DEFAULT_SYMBOL_CATALOGUE,
} from '@pairwatch/domain';
import { ApiError } from '../alerts/ApiError';
import { FakeAlertsApi } from '../test-support/FakeAlertsApi';
import { FakeMarketData } from '../test-support/FakeMarketData';
import { renderWithProviders } from '../test-support/renderWithProviders';
import { NewAlertCard, type NewAlertCardProps } from './NewAlertCard';

const NO_CHANNEL = 'Turn on push or add a webhook under Where alerts go.';

function setup(overrides: Partial<NewAlertCardProps> = {}) {
  const api = new FakeAlertsApi();
  const market = new FakeMarketData();
  const onCreated = jest.fn();
  const props: NewAlertCardProps = {
    symbol: 'BTCUSDT',
    interval: 'OneMinute',
    symbolInfo: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
    market,
    ownerId: 'sub-1',
    alerts: api,
    onCreated,
    ...overrides,
  };
  const user = userEvent.setup();
  const view = renderWithProviders(<NewAlertCard {...props} />);
  const rerender = (next: Partial<NewAlertCardProps>) =>
    view.rerender(<NewAlertCard {...props} {...next} />);
  /** A live candle of the shown stream closes at `close`. */
  const livePrice = (close: number, symbol: SymbolId = props.symbol) =>
    act(() =>
      market.emitCandle(symbol, props.interval, {
        time: 1_700_000_040 as UnixSeconds,
        open: close,
        high: close,
        low: close,
        close,
      }),
    );
  return { api, onCreated, user, rerender, livePrice };
}

const target = () => screen.getByRole('textbox', { name: 'Target value' });
const createButton = () => screen.getByRole('button', { name: 'Create Alert' });

async function chooseType(
  user: ReturnType<typeof userEvent.setup>,
  label: 'Price Alert' | 'RSI Alert',
) {
  await user.click(screen.getByRole('combobox', { name: 'Type' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('NewAlertCard', () => {
  it('is titled New Alert and offers Price Alert and RSI Alert', async () => {
    const { user } = setup();
    expect(screen.getByRole('heading', { name: 'New Alert' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Price Alert',
      'RSI Alert',
    ]);
  });

  it('asks for a price in the quote asset, or an RSI value between 0 and 100', async () => {
    const { user } = setup();
    expect(target()).toHaveAttribute('placeholder', 'Price in USDT');
    await chooseType(user, 'RSI Alert');
    expect(target()).toHaveAttribute('placeholder', 'Value between 0 and 100');
  });

  it("says 'Value can't be empty' when the value is emptied", async () => {
    const { user } = setup();
    await user.type(target(), '5');
    await user.clear(target());
    expect(await screen.findByText("Value can't be empty")).toBeInTheDocument();
  });

  it.each(['abc', '0', '-5', '1e'])(
    "says 'Value must be a positive number' for %p",
    async (value) => {
      const { user } = setup();
      await user.type(target(), value);
      expect(await screen.findByText('Value must be a positive number')).toBeInTheDocument();
    },
  );

  it('takes a price as the app writes it, and refuses more decimals than the pair shows', async () => {
    const { user } = setup();
    await user.type(target(), ' 65,000.5 ');
    await waitFor(() => expect(target()).toHaveAttribute('aria-invalid', 'false'));
    await user.clear(target());
    await user.type(target(), '65000.123');
    expect(
      await screen.findByText("Value has more decimals than BTCUSDT's price (2)"),
    ).toBeInTheDocument();
  });

  it("says 'RSI value must be between 0 and 100' for an RSI target above 100", async () => {
    const { user } = setup();
    await chooseType(user, 'RSI Alert');
    await user.type(target(), '100.5');
    expect(await screen.findByText('RSI value must be between 0 and 100')).toBeInTheDocument();
    await user.clear(target());
    await user.type(target(), '100');
    await waitFor(() =>
      expect(screen.queryByText('RSI value must be between 0 and 100')).not.toBeInTheDocument(),
    );
  });

  it('accepts a price above 100 for price alerts', async () => {
    const { user } = setup();
    await user.type(target(), '65000');
    await waitFor(() => expect(target()).toHaveAttribute('aria-invalid', 'false'));
  });

  it('disables Create Alert while the alert would have nowhere to go', () => {
    setup({ createReason: NO_CHANNEL });
    expect(createButton()).toBeDisabled();
  });

  it('disables Create Alert while the browser has no owner id yet', () => {
    setup({ ownerId: undefined });
    expect(createButton()).toBeDisabled();
  });

  it('says beside a disabled Create Alert why it is disabled', () => {
    setup({ createReason: NO_CHANNEL });
    expect(createButton()).toHaveAccessibleDescription(NO_CHANNEL);
    expect(screen.getByTestId('create-alert-reason')).toBeVisible();
  });

  it('gives no reason once the alert has somewhere to go', () => {
    setup({ createReason: undefined });
    expect(createButton()).toBeEnabled();
    expect(screen.queryByTestId('create-alert-reason')).not.toBeInTheDocument();
  });

  it('creates a price alert and then clears the value, toasts and reloads the list', async () => {
    const { api, onCreated, user } = setup();
    await user.type(target(), '65000.5');
    await user.click(createButton());
    expect(
      await screen.findByText('You will receive a notification when the value reaches the target.'),
    ).toBeInTheDocument();
    expect(api.created).toEqual([
      { symbol: 'BTCUSDT', type: 'Price', valueTarget: 65000.5, ownerId: 'sub-1' },
    ]);
    expect(target()).toHaveValue('');
    expect(onCreated).toHaveBeenCalledTimes(1);
  });

  it("creates an RSI alert for the chart's interval", async () => {
    const { api, user } = setup({ interval: 'FourHour' });
    await chooseType(user, 'RSI Alert');
    expect(screen.getByText('BTCUSDT, 4h')).toBeInTheDocument();
    await user.type(target(), '30');
    await user.click(createButton());
    await waitFor(() => expect(api.created).toHaveLength(1));
    expect(api.created[0]).toEqual({
      symbol: 'BTCUSDT',
      type: 'Rsi',
      valueTarget: 30,
      ownerId: 'sub-1',
      rsiInterval: 'FourHour',
    });
  });

  it('does not submit an invalid value', async () => {
    const { api, user } = setup();
    await user.click(createButton());
    expect(await screen.findByText("Value can't be empty")).toBeInTheDocument();
    expect(api.created).toHaveLength(0);
  });

  /** Types `value` and presses Create Alert, the api holding the creation until `open` is called. */
  async function createHeld(value: string) {
    const view = setup();
    let open = () => undefined as void;
    view.api.createGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    await view.user.type(target(), value);
    await view.user.click(createButton());
    await waitFor(() => expect(createButton()).toBeDisabled());
    return { ...view, open };
  }

  it('disables Create Alert while the submit is pending', async () => {
    const { open } = await createHeld('61000');
    open();
    await waitFor(() => expect(createButton()).toBeEnabled());
  });

  it('keeps what was typed while the alert was on its way', async () => {
    const { api, onCreated, open } = await createHeld('61000');
    fireEvent.change(target(), { target: { value: '62000' } });
    open();
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(api.created.map((each) => each.valueTarget)).toEqual([61000]);
    expect(target()).toHaveValue('62000');
  });

  it("shows the api's problem detail when creating fails", async () => {
    const { api, onCreated, user } = setup();
    api.createError = new ApiError(
      'POST /alerts',
      409,
      'You already have 100 active alerts.',
      'ALERT_LIMIT',
    );
    await user.type(target(), '61000');
    await user.click(createButton());
    expect(await screen.findByText('You already have 100 active alerts.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(target()).toHaveValue('61000');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('shows the unknown-error text when creating fails without a detail', async () => {
    const { api, user } = setup();
    api.createError = new ApiError('POST /alerts', 0, undefined, undefined);
    await user.type(target(), '61000');
    await user.click(createButton());
    expect(
      await screen.findByText('An unknown error occurred while creating the alert.'),
    ).toBeInTheDocument();
  });

  it('clears the value when the symbol changes', async () => {
    const { user, rerender } = setup();
    await user.type(target(), '61000');
    rerender({ symbol: 'ETHUSDT' as SymbolId, symbolInfo: DEFAULT_SYMBOL_CATALOGUE.ETHUSDT });
    await waitFor(() => expect(target()).toHaveValue(''));
    expect(screen.queryByText("Value can't be empty")).not.toBeInTheDocument();
  });

  it('clears the value when the alert type changes', async () => {
    const { user } = setup();
    await user.type(target(), '50');
    await chooseType(user, 'RSI Alert');
    expect(target()).toHaveValue('');
  });

  it('keeps the value when only the interval changes', async () => {
    const { user, rerender } = setup();
    await user.type(target(), '61000');
    rerender({ interval: 'OneHour' as Interval });
    expect(target()).toHaveValue('61000');
  });

  describe('helper line', () => {
    it('says bullish when the target is above the live price, with price, arrow and target', async () => {
      const { user, livePrice } = setup();
      livePrice(60000);
      await user.type(target(), '65000');
      const line = await screen.findByTestId('alert-helper-line');
      expect(line).toHaveTextContent('Creating bullish alert for BTCUSDT:');
      expect(screen.getByTestId('alert-helper-current')).toHaveTextContent('60,000.00');
      expect(screen.getByTestId('alert-helper-target')).toHaveTextContent('65,000.00');
      expect(screen.getByTitle('rises to')).toBeInTheDocument();
    });

    it('says bearish when the target is below the live price', async () => {
      const { user, livePrice } = setup();
      livePrice(60000);
      await user.type(target(), '55000');
      expect(await screen.findByTestId('alert-helper-line')).toHaveTextContent(
        'Creating bearish alert for BTCUSDT:',
      );
      expect(screen.getByTitle('drops to')).toBeInTheDocument();
    });

    it('says a target at the live price once, with no move (it was "60,000.00 ↘ 60,000.00")', async () => {
      const { user, livePrice } = setup();
      livePrice(60000);
      await user.type(target(), '60000');
      const line = await screen.findByTestId('alert-helper-line');
      expect(line).toHaveTextContent('Creating alert for BTCUSDT at the current price: 60,000.00');
      expect(line.textContent?.match(/60,000\.00/g)).toHaveLength(1);
      expect(screen.queryByTitle('drops to')).not.toBeInTheDocument();
    });

    it('follows the live price as it moves past the target', async () => {
      const { user, livePrice } = setup();
      livePrice(60000);
      await user.type(target(), '61000');
      expect(await screen.findByTestId('alert-helper-line')).toHaveTextContent('bullish');
      livePrice(62000);
      expect(screen.getByTestId('alert-helper-line')).toHaveTextContent('bearish');
      expect(screen.getByTestId('alert-helper-current')).toHaveTextContent('62,000.00');
    });

    it('is not shown without a live price, for an invalid target, or for RSI alerts', async () => {
      const { user, livePrice } = setup();
      await user.type(target(), '65000');
      expect(screen.queryByTestId('alert-helper-line')).not.toBeInTheDocument();
      livePrice(60000);
      expect(await screen.findByTestId('alert-helper-line')).toBeInTheDocument();
      await user.type(target(), 'x');
      await waitFor(() =>
        expect(screen.queryByTestId('alert-helper-line')).not.toBeInTheDocument(),
      );
      await chooseType(user, 'RSI Alert');
      await user.type(target(), '50');
      expect(screen.queryByTestId('alert-helper-line')).not.toBeInTheDocument();
    });

    it("ignores another symbol's price and forgets the price when the symbol changes", async () => {
      const { user, livePrice, rerender } = setup();
      livePrice(60000);
      rerender({ symbol: 'ETHUSDT', symbolInfo: DEFAULT_SYMBOL_CATALOGUE.ETHUSDT });
      livePrice(99999, 'BTCUSDT');
      await user.type(target(), '3000');
      expect(screen.queryByTestId('alert-helper-line')).not.toBeInTheDocument();
    });

    it("uses the symbol's price precision", async () => {
      const { user, livePrice } = setup({
        symbol: 'ADAUSDT',
        symbolInfo: DEFAULT_SYMBOL_CATALOGUE.ADAUSDT,
      });
      livePrice(0.45);
      await user.type(target(), '0.5');
      expect(await screen.findByTestId('alert-helper-target')).toHaveTextContent('0.5000');
    });
  });

  describe('a level picked on the chart', () => {
    it('fills a price alert at that price, focused, and creates nothing by itself', async () => {
      const { api, rerender, user } = setup();
      rerender({ prefill: { type: 'Price', value: 87_123.4, serial: 1 } });
      expect(target()).toHaveValue('87123.40');
      expect(target()).toHaveFocus();
      expect(api.created).toEqual([]);
      await user.click(createButton());
      await waitFor(() =>
        expect(api.created).toEqual([
          expect.objectContaining({ symbol: 'BTCUSDT', type: 'Price', valueTarget: 87_123.4 }),
        ]),
      );
    });

    it('switches to an RSI alert on the shown interval for a level in the RSI pane', async () => {
      const { api, rerender, user } = setup({ interval: 'OneHour' });
      rerender({ prefill: { type: 'Rsi', value: 71.2, serial: 1 } });
      expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('RSI Alert');
      expect(target()).toHaveValue('71.20');
      await user.click(createButton());
      await waitFor(() =>
        expect(api.created).toEqual([
          expect.objectContaining({ type: 'Rsi', valueTarget: 71.2, rsiInterval: 'OneHour' }),
        ]),
      );
    });

    it('applies a new pick of the same level again, replacing what was typed', async () => {
      const { rerender, user } = setup();
      rerender({ prefill: { type: 'Price', value: 100, serial: 1 } });
      await user.keyboard('9'); // into the focused field, as a person would type next
      expect(target()).toHaveValue('9'); // the picked text was selected, so typing replaced it
      rerender({ prefill: { type: 'Price', value: 100, serial: 1 } });
      expect(target()).toHaveValue('9');
      rerender({ prefill: { type: 'Price', value: 100, serial: 2 } });
      expect(target()).toHaveValue('100.00');
    });

    it('writes the price in the symbol’s precision', () => {
      const { rerender } = setup({
        symbol: 'DOGEUSDT',
        symbolInfo: DEFAULT_SYMBOL_CATALOGUE.DOGEUSDT,
      });
      rerender({ prefill: { type: 'Price', value: 0.12346, serial: 1 } });
      expect(target()).toHaveValue('0.12346');
    });

    it('leaves Create Alert disabled without a channel', () => {
      const { rerender } = setup({ createReason: NO_CHANNEL });
      rerender({ prefill: { type: 'Price', value: 100, serial: 1 } });
      expect(target()).toHaveValue('100.00');
      expect(createButton()).toBeDisabled();
    });
  });

  describe('conditions', () => {
    async function choose(
      user: ReturnType<typeof userEvent.setup>,
      select: 'Condition' | 'Frequency' | 'Expiry',
      option: string,
    ) {
      await user.click(screen.getByRole('combobox', { name: select }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    const field = (name: string) => screen.getByRole('textbox', { name });

    it('offers every condition in words for price alerts, the Moving % ones only for price', async () => {
      const { user } = setup();
      await user.click(screen.getByRole('combobox', { name: 'Condition' }));
      const priceOptions = screen.getAllByRole('option').map((o) => o.textContent);
      expect(priceOptions).toEqual([
        'Crossing',
        'Crossing up',
        'Crossing down',
        'Greater than',
        'Less than',
        'Entering channel',
        'Exiting channel',
        'Inside channel',
        'Outside channel',
        'Moving up %',
        'Moving down %',
      ]);
      await user.keyboard('{Escape}');
      await chooseType(user, 'RSI Alert');
      await user.click(screen.getByRole('combobox', { name: 'Condition' }));
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
        priceOptions.slice(0, 9),
      );
    });

    it('falls back to Crossing when an RSI alert is chosen with a Moving % condition', async () => {
      const { user } = setup();
      await choose(user, 'Condition', 'Moving up %');
      await chooseType(user, 'RSI Alert');
      expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveTextContent('Crossing');
      expect(target()).toBeInTheDocument();
    });

    it('asks for both bounds of a channel and sends them with the condition fields', async () => {
      const { api, user } = setup({ interval: 'OneHour' });
      await choose(user, 'Condition', 'Entering channel');
      await user.type(field('Lower bound'), '60000');
      await user.type(field('Upper bound'), '59000');
      expect(
        await screen.findByText('Upper bound must be greater than the lower bound'),
      ).toBeInTheDocument();
      await user.clear(field('Upper bound'));
      await user.type(field('Upper bound'), '62000');
      await choose(user, 'Frequency', 'Once per bar');
      await user.click(createButton());
      await waitFor(() => expect(api.created).toHaveLength(1));
      expect(api.created[0]).toEqual({
        symbol: 'BTCUSDT',
        type: 'Price',
        valueTarget: 60000,
        ownerId: 'sub-1',
        condition: 'EnteringChannel',
        frequency: 'OncePerBar',
        interval: 'OneHour',
        valueUpper: 62000,
      });
    });

    it("says 'Upper bound can't be empty' when a channel is created without it", async () => {
      const { api, user } = setup();
      await choose(user, 'Condition', 'Inside channel');
      await user.type(field('Lower bound'), '60000');
      await user.click(createButton());
      expect(await screen.findByText("Upper bound can't be empty")).toBeInTheDocument();
      expect(api.created).toEqual([]);
    });

    it('reads the target as a percent and asks for the bars of a percent move', async () => {
      const { api, user } = setup();
      await choose(user, 'Condition', 'Moving down %');
      expect(screen.queryByRole('textbox', { name: 'Target value' })).not.toBeInTheDocument();
      await user.type(field('Percent'), '5');
      await user.type(field('Bars'), '501');
      expect(
        await screen.findByText('Bars must be a whole number from 1 to 500'),
      ).toBeInTheDocument();
      await user.clear(field('Bars'));
      await user.type(field('Bars'), '12');
      await user.click(createButton());
      await waitFor(() => expect(api.created).toHaveLength(1));
      expect(api.created[0]).toMatchObject({
        condition: 'MovingDownPercent',
        valueTarget: 5,
        bars: 12,
        frequency: 'OnlyOnce',
        interval: 'OneMinute',
      });
      expect(api.created[0]).not.toHaveProperty('valueUpper');
    });

    it('shows no bullish or bearish line for a condition that says its own way', async () => {
      const { user, livePrice } = setup();
      livePrice(60000);
      await choose(user, 'Condition', 'Crossing down');
      await user.type(target(), '65000');
      await waitFor(() => expect(target()).toHaveAttribute('aria-invalid', 'false'));
      expect(screen.queryByTestId('alert-helper-line')).not.toBeInTheDocument();
    });

    it('sends an expiry in the future as ISO time, and refuses one in the past', async () => {
      const { api, user } = setup();
      await user.type(target(), '65000');
      await choose(user, 'Expiry', 'On a date');
      const expires = screen.getByLabelText('Expires at');
      await user.click(createButton());
      expect(await screen.findByText('Expiry must be a date and time')).toBeInTheDocument();
      fireEvent.change(expires, { target: { value: '2001-01-01T10:00' } });
      expect(await screen.findByText('Expiry must be in the future')).toBeInTheDocument();
      fireEvent.change(expires, { target: { value: '2099-01-31T18:30' } });
      await waitFor(() =>
        expect(screen.queryByText('Expiry must be in the future')).not.toBeInTheDocument(),
      );
      await user.click(createButton());
      await waitFor(() => expect(api.created).toHaveLength(1));
      expect(api.created[0]).toMatchObject({
        condition: 'Crossing',
        frequency: 'OnlyOnce',
        expiresAt: new Date(2099, 0, 31, 18, 30).toISOString(),
      });
    });

    it('counts the message, refuses more than 500 characters and sends it', async () => {
      const { api, user } = setup();
      await user.type(target(), '65000');
      const message = field('Message');
      fireEvent.change(message, { target: { value: 'x'.repeat(501) } });
      expect(
        await screen.findByText("Message can't be longer than 500 characters"),
      ).toBeInTheDocument();
      expect(screen.getByTestId('alert-message-count')).toHaveTextContent('501/500');
      fireEvent.change(message, { target: { value: 'Take profit on half' } });
      expect(screen.getByTestId('alert-message-count')).toHaveTextContent('19/500');
      await user.click(createButton());
      await waitFor(() => expect(api.created).toHaveLength(1));
      expect(api.created[0]).toMatchObject({
        message: 'Take profit on half',
        condition: 'Crossing',
      });
    });

    it('makes a level picked on the chart a plain crossing again', async () => {
      const { user, rerender } = setup();
      await choose(user, 'Condition', 'Outside channel');
      rerender({ prefill: { type: 'Price', value: 100, serial: 1 } });
      expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveTextContent('Crossing');
      expect(target()).toHaveValue('100.00');
    });
  });
});
