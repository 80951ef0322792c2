import { describe, expect, it } from '@jest/globals';
import { type Channel } from './Channel';
import { createAlertReason } from './createAlertReason';

const webhook = (disabled = false): Channel => ({
  kind: 'webhook',
  id: 'w1',
  url: 'https://hooks.example.com/a',
  disabled,
  createdAt: '',
});
const telegram = (linked: boolean): Channel => ({
  kind: 'telegram',
  id: 't1',
  linked,
  disabled: false,
  createdAt: '',
});

describe('createAlertReason', () => {
  it('lets an alert be created while push is active, with no other channel', () => {
    expect(createAlertReason({ status: 'active' }, [], false)).toBeUndefined();
  });

  it('lets an alert be created without push when a webhook or a linked chat takes it', () => {
    expect(createAlertReason({ status: 'inactive' }, [webhook()], false)).toBeUndefined();
    expect(createAlertReason({ status: 'unloaded' }, [telegram(true)], true)).toBeUndefined();
    expect(
      createAlertReason({ status: 'inactive', problem: { kind: 'denied' } }, [webhook()], false),
    ).toBeUndefined();
  });

  it('does not count a webhook that is gone or a chat not linked yet', () => {
    expect(createAlertReason({ status: 'inactive' }, [webhook(true), telegram(false)], true)).toBe(
      'Turn on push or add a webhook or Telegram under Where alerts go.',
    );
  });

  it('says what to do when the alert would have nowhere to go', () => {
    expect(createAlertReason({ status: 'inactive' }, [], false)).toBe(
      'Turn on push or add a webhook under Where alerts go.',
    );
    expect(
      createAlertReason(
        { status: 'inactive', problem: { kind: 'failed', detail: 'x' } },
        [],
        false,
      ),
    ).toBe('Turn on push or add a webhook under Where alerts go.');
  });

  it('points at the other channels only where push cannot work here', () => {
    const only = 'Add a webhook under Where alerts go to create alerts.';
    expect(createAlertReason({ status: 'unloaded' }, [], false)).toBe(only);
    expect(createAlertReason({ status: 'inactive', problem: { kind: 'denied' } }, [], false)).toBe(
      only,
    );
    expect(
      createAlertReason(
        { status: 'inactive', problem: { kind: 'unavailable', detail: 'x' } },
        [],
        true,
      ),
    ).toBe('Add a webhook or Telegram under Where alerts go to create alerts.');
  });

  it('says push is being registered meanwhile', () => {
    expect(
      createAlertReason({ status: 'inactive', problem: { kind: 'registering' } }, [], false),
    ).toBe('Registering this browser for push notifications…');
  });
});
