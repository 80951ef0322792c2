import { describe, expect, it } from '@jest/globals';
import {
  INTERVALS,
  MAX_WEBHOOK_TEMPLATE_LENGTH,
  type UnixMillis,
  WEBHOOK_PLACEHOLDERS,
} from '@pairwatch/domain';
import fc from 'fast-check';
import { alertRecord } from '../../test-support/alertRecord';
import { type AlertFiringEvent } from '../DeliveryChannel';
import { DEFAULT_WEBHOOK_TEMPLATE, renderWebhookTemplate } from './renderWebhookTemplate';
import { webhookContentType } from './webhookContentType';

const FIRED_AT = Date.UTC(2019, 7, 27, 9, 56, 30, 123) as UnixMillis;
const BAR_TIME = Date.UTC(2019, 7, 27, 9, 56) as UnixMillis;

function firing(overrides: Partial<AlertFiringEvent> = {}): AlertFiringEvent {
  return {
    alert: alertRecord('alert-1', 'owner-1', { message: 'Take profit' }),
    firedAt: FIRED_AT,
    value: 70_000.5,
    bar: {
      time: BAR_TIME,
      open: 69_900,
      high: 70_010.25,
      low: 69_850,
      close: 70_000.5,
      volume: 12.5,
    },
    simulated: false,
    text: { title: 'BTCUSDT price alert', body: 'BTCUSDT price rose to 70,000.00' },
    ...overrides,
  };
}

describe('renderWebhookTemplate', () => {
  it('fills in every TradingView placeholder and ours', () => {
    const template = WEBHOOK_PLACEHOLDERS.map((name) => `${name}={{${name}}}`).join('\n');

    expect(renderWebhookTemplate(template, firing()).split('\n')).toEqual([
      'ticker=BTCUSDT',
      'exchange=BINANCE',
      'interval=1',
      'open=69900',
      'high=70010.25',
      'low=69850',
      'close=70000.5',
      'volume=12.5',
      'time=2019-08-27T09:56:00Z',
      'timenow=2019-08-27T09:56:30Z',
      'value=70000.5',
      'target=70000',
      'condition=Crossing',
      'message=Take profit',
      'alert_id=alert-1',
      'simulated=false',
    ]);
  });

  it.each([
    ['OneMinute', '1'],
    ['FiveMinutes', '5'],
    ['FifteenMinutes', '15'],
    ['OneHour', '60'],
    ['FourHour', '240'],
    ['OneDay', '1D'],
    ['OneWeek', '1W'],
    ['OneMonth', '1M'],
  ] as const)('writes the interval %s as TradingView does: %s', (interval, expected) => {
    const event = firing({ alert: alertRecord('a', 'o', { type: 'Rsi', interval }) });

    expect(renderWebhookTemplate('{{interval}}', event)).toBe(expected);
  });

  it('maps every interval of the domain', () => {
    for (const interval of INTERVALS) {
      const event = firing({ alert: alertRecord('a', 'o', { interval }) });
      expect(renderWebhookTemplate('{{interval}}', event)).not.toBe('');
    }
  });

  it('without a bar, gives a price alert its price as close and leaves the rest empty', () => {
    const template = '{{open}}|{{high}}|{{low}}|{{close}}|{{volume}}|{{time}}';

    expect(renderWebhookTemplate(template, firing({ bar: undefined }))).toBe('|||70000.5||');
    const rsi = firing({
      bar: undefined,
      value: 71.5,
      alert: alertRecord('a', 'o', { type: 'Rsi' }),
    });
    expect(renderWebhookTemplate(template, rsi)).toBe('|||||');
  });

  it('tolerates spaces inside the braces and leaves unknown placeholders as written', () => {
    expect(
      renderWebhookTemplate('{{ close }} {{plot_0}} {{ strategy.order.action }}', firing()),
    ).toBe('70000.5 {{plot_0}} {{ strategy.order.action }}');
  });

  it('says simulated=true for the simulated market, and an empty message when there is none', () => {
    const event = firing({ simulated: true, alert: alertRecord('a', 'o') });

    expect(renderWebhookTemplate('{{simulated}}:{{message}}.', event)).toBe('true:.');
  });

  it('inserts values once: a message holding a placeholder arrives as written', () => {
    const event = firing({ alert: alertRecord('a', 'o', { message: 'see {{alert_id}}' }) });

    expect(renderWebhookTemplate('{{message}}', event)).toBe('see {{alert_id}}');
  });

  it('puts values into a text template raw', () => {
    const event = firing({ alert: alertRecord('a', 'o', { message: 'say "hi"\\' }) });

    expect(renderWebhookTemplate('Alert: {{message}} on "{{ticker}}', event)).toBe(
      'Alert: say "hi"\\ on "BTCUSDT',
    );
  });

  it('JSON-escapes values inside the strings of a JSON template', () => {
    const message = 'line "one"\nback\\slash\ttab \u0001';
    const event = firing({ alert: alertRecord('a', 'o', { message }) });

    const body = renderWebhookTemplate(
      '{"msg":"{{message}}","text":"{{ticker}}: {{close}}"}',
      event,
    );

    expect(JSON.parse(body)).toEqual({ msg: message, text: 'BTCUSDT: 70000.5' });
  });

  it('writes bare placeholders of a JSON template as JSON values: numbers, booleans, null, text', () => {
    const body = renderWebhookTemplate(
      '{"close": {{close}}, "open": {{ open }}, "sim": {{simulated}}, "t": {{ticker}}, "x": "{{unknown}}"}',
      firing({ bar: undefined }),
    );

    expect(JSON.parse(body)).toEqual({
      close: 70000.5,
      open: null,
      sim: false,
      t: 'BTCUSDT',
      x: '{{unknown}}',
    });
  });

  it('treats a template with an unknown bare placeholder as text (it is not JSON)', () => {
    const event = firing({ alert: alertRecord('a', 'o', { message: 'a"b' }) });

    expect(renderWebhookTemplate('{"m":"{{message}}","p":{{plot_0}}}', event)).toBe(
      '{"m":"a"b","p":{{plot_0}}}',
    );
  });

  it('renders the default template as one JSON object of every placeholder', () => {
    const body = renderWebhookTemplate(undefined, firing());

    expect(JSON.parse(body)).toEqual({
      ticker: 'BTCUSDT',
      exchange: 'BINANCE',
      interval: '1',
      open: 69900,
      high: 70010.25,
      low: 69850,
      close: 70000.5,
      volume: 12.5,
      time: '2019-08-27T09:56:00Z',
      timenow: '2019-08-27T09:56:30Z',
      value: 70000.5,
      target: 70000,
      condition: 'Crossing',
      message: 'Take profit',
      alert_id: 'alert-1',
      simulated: false,
    });
    expect(DEFAULT_WEBHOOK_TEMPLATE.length).toBeLessThan(MAX_WEBHOOK_TEMPLATE_LENGTH);
  });

  it('keeps the default JSON without a bar (bar numbers null, time empty)', () => {
    const body = JSON.parse(renderWebhookTemplate(undefined, firing({ bar: undefined }))) as Record<
      string,
      unknown
    >;

    expect(body).toMatchObject({ open: null, volume: null, close: 70000.5, time: '' });
  });

  it('keeps any message and value in a JSON template, as valid JSON', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((v) => !Object.is(v, -0)),
        fc.stringMatching(/^[A-Za-z0-9 .:-]{0,20}$/),
        (message, value, prefix) => {
          const event = firing({ value, alert: alertRecord('a', 'o', { message }) });
          const template = `{"m":"{{message}}","v":{{value}},"p":"${prefix}","mv":"${prefix}{{ value }}"}`;

          const body = renderWebhookTemplate(template, event);

          expect(webhookContentType(body)).toBe('application/json');
          expect(JSON.parse(body)).toEqual({
            m: message,
            v: value,
            p: prefix,
            mv: `${prefix}${String(value)}`,
          });
        },
      ),
    );
  });
});

describe('webhookContentType', () => {
  it('is JSON when the body parses as JSON, else UTF-8 text', () => {
    expect(webhookContentType('{"a":1}')).toBe('application/json');
    expect(webhookContentType('BTCUSDT crossed 70000')).toBe('text/plain; charset=utf-8');
    expect(webhookContentType('{"a":}')).toBe('text/plain; charset=utf-8');
  });
});
