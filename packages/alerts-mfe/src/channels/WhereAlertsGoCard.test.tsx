import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../alerts/ApiError';
import { useChannels } from '../hooks/useChannels';
import { useOwnerId } from '../hooks/useOwnerId';
import { OWNER_ID_KEY, OwnerSession } from '../owner/OwnerSession';
import { type PushState } from '../push/PushSubscriptionService';
import { FakeChannelsApi } from '../test-support/FakeChannelsApi';
import { MemoryStorage } from '../test-support/MemoryStorage';
import { renderWithProviders } from '../test-support/renderWithProviders';
import { WhereAlertsGoCard } from './WhereAlertsGoCard';

function Panel(props: {
  readonly api: FakeChannelsApi;
  readonly owner: OwnerSession;
  readonly push: Pick<PushState, 'status' | 'problem'>;
  readonly onEnablePush: () => void;
}) {
  const channels = useChannels(props.api, useOwnerId(props.owner));
  return <WhereAlertsGoCard {...props} channels={channels} />;
}

function setup({
  push = { status: 'inactive' } as Pick<PushState, 'status' | 'problem'>,
  ownerId = undefined as string | undefined,
} = {}) {
  const storage = new MemoryStorage();
  if (ownerId) storage.setItem(OWNER_ID_KEY, ownerId);
  const owners: string[] = [];
  const owner = new OwnerSession(
    {
      createOwner: async () => {
        owners.push('owner-1');
        return 'owner-1';
      },
    },
    storage,
  );
  const api = new FakeChannelsApi();
  const onEnablePush = jest.fn();
  const user = userEvent.setup();
  /** Renders the panel and lets the kinds and channels it reads at mount arrive. */
  const render = async () => {
    const view = renderWithProviders(
      <Panel api={api} owner={owner} push={push} onEnablePush={onEnablePush} />,
    );
    await act(async () => undefined);
    return view;
  };
  return { api, owner, owners, onEnablePush, user, render };
}

const panel = () => screen.getByRole('region', { name: 'Where alerts go' });

async function addWebhook(user: ReturnType<typeof userEvent.setup>, url: string, template = '') {
  await user.click(screen.getByRole('button', { name: 'Add webhook' }));
  const form = screen.getByRole('form', { name: 'Add webhook' });
  await user.type(within(form).getByRole('textbox', { name: 'Webhook URL' }), url);
  if (template !== '') {
    // user-event reads "{" as a key descriptor: "{{" types one brace.
    await user.type(
      within(form).getByRole('textbox', { name: 'Template (optional)' }),
      template.replaceAll('{', '{{').replaceAll('[', '[['),
    );
  }
  await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
}

describe('WhereAlertsGoCard', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('says what push does here, offers to turn it on, and lists no webhook yet', async () => {
    const { user, onEnablePush, render } = setup();
    await render();
    expect(screen.getByRole('heading', { name: 'Where alerts go' })).toBeInTheDocument();
    expect(screen.getByTestId('push-channel-state')).toHaveTextContent(
      'Push notifications are off in this browser.',
    );
    await user.click(screen.getByRole('button', { name: 'Turn on push notifications' }));
    expect(onEnablePush).toHaveBeenCalledTimes(1);
    expect(screen.getByText('No webhooks yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Telegram' })).not.toBeInTheDocument();
  });

  it('keeps the push problem texts, and offers nothing push cannot do', async () => {
    await setup({ push: { status: 'inactive', problem: { kind: 'denied' } } }).render();
    expect(screen.getByTestId('push-channel-state')).toHaveTextContent(
      'Alerts need notifications, which are blocked for this site.',
    );
    expect(
      screen.queryByRole('button', { name: 'Turn on push notifications' }),
    ).not.toBeInTheDocument();
  });

  it('says so while push is on', async () => {
    await setup({ push: { status: 'active' } }).render();
    expect(screen.getByTestId('push-channel-state')).toHaveTextContent(
      'Push notifications are on: alerts reach this browser.',
    );
  });

  it('checks the URL and the template as the person types', async () => {
    const { user, api, render } = setup();
    await render();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const form = screen.getByRole('form', { name: 'Add webhook' });
    expect(within(form).getByTestId('webhook-placeholders')).toHaveTextContent(
      '{{ticker}} {{exchange}} {{interval}} {{open}} {{high}} {{low}} {{close}} {{volume}} {{time}} {{timenow}} {{value}} {{target}} {{condition}} {{message}} {{alert_id}} {{simulated}}',
    );
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(within(form).getByRole('textbox', { name: 'Webhook URL' })).toHaveAccessibleDescription(
      "Webhook URL can't be empty",
    );
    await user.type(within(form).getByRole('textbox', { name: 'Webhook URL' }), 'ftp://x');
    expect(within(form).getByText('Webhook URL must start with http:// or https://')).toBeVisible();
    const template = within(form).getByRole('textbox', { name: 'Template (optional)' });
    await user.click(template);
    await user.paste('x'.repeat(4097));
    expect(within(form).getByText("Template can't be longer than 4096 characters")).toBeVisible();
    expect(api.calls.filter((call) => call.startsWith('webhook'))).toEqual([]);
  });

  it('adds a webhook with a new owner, and shows its secret once with a copy button', async () => {
    const { user, api, owners, owner, render } = setup();
    await render();
    await addWebhook(user, 'https://hooks.example.com/pw', '{"t":"{{ticker}}"}');
    expect(owners).toEqual(['owner-1']); // POST /owners, the first time
    expect(api.calls).toContain('webhook owner-1 https://hooks.example.com/pw {"t":"{{ticker}}"}');
    expect(owner.getOwnerId()).toBe('owner-1');

    const notice = await screen.findByRole('group', {
      name: 'Signing secret of hooks.example.com',
    });
    expect(within(notice).getByTestId('webhook-secret-value')).toHaveTextContent('secret-w1');
    expect(notice).toHaveTextContent('Copy it now: it will not be shown again.');
    await user.click(within(notice).getByRole('button', { name: 'Copy secret' }));
    expect(await within(notice).findByText('Copied.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe('secret-w1');

    expect(
      within(panel()).getByText('https://hooks.example.com/pw', { selector: 'p' }),
    ).toBeVisible();
    await user.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    expect(screen.queryByText('secret-w1')).not.toBeInTheDocument();
  });

  it('says under the form what the api refused, in its words', async () => {
    const { user, api, render } = setup({ ownerId: 'owner-1' });
    api.createError = new ApiError(
      'POST /channels',
      400,
      'url: the host resolves to a private address (10.0.0.8).',
      'INVALID_CHANNEL',
    );
    await render();
    await addWebhook(user, 'http://10.0.0.8/hook');
    expect(await screen.findByTestId('add-webhook-error')).toHaveTextContent(
      'url: the host resolves to a private address (10.0.0.8).',
    );
    expect(screen.getByRole('form', { name: 'Add webhook' })).toBeInTheDocument();
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
  });

  it('sends a test and says what it did', async () => {
    const { user, api, render } = setup({ ownerId: 'owner-1' });
    api.add('owner-1', {
      kind: 'webhook',
      id: 'w1',
      url: 'https://hooks.example.com/pw',
      disabled: false,
      createdAt: '',
    });
    await render();
    const test = await screen.findByRole('button', { name: 'Send test to hooks.example.com' });
    await user.click(test);
    const row = screen.getByTestId('webhook-w1');
    expect(await within(row).findByText('Test delivered (HTTP 200).')).toBeVisible();
    expect(api.calls).toContain('test w1 owner-1');

    api.testResult = { status: 'Failed', statusCode: 500, error: 'receiver answered 500: oops' };
    await user.click(test);
    expect(await within(row).findByText('Test failed: receiver answered 500: oops')).toBeVisible();

    api.testError = new ApiError(
      'POST /channels/w1/test',
      404,
      'There is no such channel for this owner.',
      'CHANNEL_NOT_FOUND',
    );
    await user.click(test);
    expect(
      await within(row).findByText('Test failed: There is no such channel for this owner.'),
    ).toBeVisible();
  });

  it('deletes a webhook, and toasts when the api refuses', async () => {
    const { user, api, render } = setup({ ownerId: 'owner-1' });
    api.add('owner-1', {
      kind: 'webhook',
      id: 'w1',
      url: 'https://hooks.example.com/pw',
      disabled: false,
      createdAt: '',
    });
    await render();
    const remove = await screen.findByRole('button', { name: 'Delete webhook hooks.example.com' });
    api.deleteError = new ApiError(
      'DELETE /channels/w1',
      429,
      'Too many requests: try again in 5 s.',
      'RATE_LIMITED',
    );
    await user.click(remove);
    expect(await screen.findByText('Too many requests: try again in 5 s.')).toBeVisible();
    api.deleteError = undefined;
    await user.click(remove);
    expect(await screen.findByText('No webhooks yet.')).toBeVisible();
    expect(api.calls).toContain('delete w1 owner-1');
  });

  it('connects Telegram when offered: opens the link, waits, and says when it is linked', async () => {
    const { user, api, render } = setup();
    api.kinds = ['push', 'webhook', 'telegram'];
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await render();
    await user.click(await screen.findByRole('button', { name: 'Connect Telegram' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://t.me/pairwatch_bot?start=code',
        '_blank',
        'noopener,noreferrer',
      ),
    );
    expect(await screen.findByTestId('telegram-state')).toHaveTextContent(
      'Waiting for you to press Start in Telegram…',
    );
    expect(screen.getByRole('link', { name: 'Open Telegram' })).toHaveAttribute(
      'href',
      'https://t.me/pairwatch_bot?start=code',
    );
    api.link('owner-1', 't1');
    await waitFor(
      () =>
        expect(screen.getByTestId('telegram-state')).toHaveTextContent(
          'Linked to your Telegram chat.',
        ),
      { timeout: 5_000 },
    );
    await user.click(screen.getByRole('button', { name: 'Remove Telegram' }));
    expect(await screen.findByRole('button', { name: 'Connect Telegram' })).toBeVisible();
  });
});
