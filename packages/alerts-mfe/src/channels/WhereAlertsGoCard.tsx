import { type ReactNode, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { showToast } from '@pairwatch/ui-kit';
import { apiErrorDetail } from '../alerts/ApiError';
import { ALERTS_MESSAGES, CHANNEL_MESSAGES } from '../alertsMessages';
import { type ChannelsState } from '../hooks/useChannels';
import { type OwnerSession } from '../owner/OwnerSession';
import { type PushState } from '../push/PushSubscriptionService';
import { pushReason } from '../push/pushReason';
import { type ChannelsApi } from '../screen/AlertsServices';
import { TOUCH_TARGET_SX } from '../ui/touchTarget';
import { AddWebhookForm } from './AddWebhookForm';
import {
  type Channel,
  type ChannelTestResult,
  type CreatedWebhook,
  type TelegramChannel,
  type WebhookChannel,
} from './Channel';
import { webhookHost } from './describeDelivery';
import { WebhookSecretNotice } from './WebhookSecretNotice';

/** Props of {@link WhereAlertsGoCard}. */
export interface WhereAlertsGoCardProps {
  /** This browser's push, as the banner shows it. */
  readonly push: Pick<PushState, 'status' | 'problem'>;
  /** Asks for the notification permission and registers (runs in the click). */
  readonly onEnablePush: () => void;
  /** The owner's channels and the kinds offered (`useChannels`). */
  readonly channels: ChannelsState;
  readonly api: ChannelsApi;
  readonly owner: OwnerSession;
}

/** A channel's test: on its way, or what it did. */
type TestState = { readonly pending: true } | { readonly pending: false; readonly text: string };

function testText(result: ChannelTestResult): string {
  if (result.status === 'Delivered') return CHANNEL_MESSAGES.testDelivered(result.statusCode);
  return CHANNEL_MESSAGES.testFailed(
    result.error ?? (result.statusCode === undefined ? 'no answer' : `HTTP ${result.statusCode}`),
  );
}

function errorToast(error: unknown, fallback: string): void {
  showToast({
    variant: 'error',
    title: ALERTS_MESSAGES.errorTitle,
    description: apiErrorDetail(error) ?? fallback,
  });
}

/**
 * 'Where alerts go' (issue #24, product §2): this browser's push in one sentence (with the way to
 * turn it on where it can be), the webhooks (each with Send test and Delete; 'Add webhook' with
 * its URL and an optional template, the new secret shown once), and Telegram when the server
 * offers it ('Connect Telegram' opens the bot's link; the panel says when the chat is linked).
 */
export function WhereAlertsGoCard({
  push,
  onEnablePush,
  channels: { kinds, channels, reload },
  api,
  owner,
}: WhereAlertsGoCardProps) {
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<CreatedWebhook | undefined>(undefined);
  const [tests, setTests] = useState<ReadonlyMap<string, TestState>>(new Map());
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [connecting, setConnecting] = useState(false);

  const webhooks = channels.filter((c): c is WebhookChannel => c.kind === 'webhook');
  const telegrams = channels.filter((c): c is TelegramChannel => c.kind === 'telegram');
  const telegramOffered = kinds?.includes('telegram') ?? false;

  const setTest = (id: string, state: TestState | undefined) =>
    setTests((was) => {
      const next = new Map(was);
      if (state === undefined) next.delete(id);
      else next.set(id, state);
      return next;
    });
  const setBusyFor = (id: string, on: boolean) =>
    setBusy((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const addWebhook = async (webhook: { readonly url: string; readonly template?: string }) => {
    const created = await owner.withOwner((ownerId) => api.createWebhook(ownerId, webhook));
    setAdding(false);
    setSecret(created);
    await reload();
  };

  const sendTest = (channel: Channel) => {
    const ownerId = owner.getOwnerId();
    if (ownerId === undefined) return;
    setTest(channel.id, { pending: true });
    // Its outcome is said on the row; nothing else waits for it.
    void api.testChannel(channel.id, ownerId).then(
      (result) => setTest(channel.id, { pending: false, text: testText(result) }),
      (error: unknown) =>
        setTest(channel.id, {
          pending: false,
          text: CHANNEL_MESSAGES.testFailed(apiErrorDetail(error) ?? 'no answer from Pairwatch'),
        }),
    );
  };

  const remove = (channel: Channel) => {
    const ownerId = owner.getOwnerId();
    if (ownerId === undefined) return;
    setBusyFor(channel.id, true);
    void api
      .deleteChannel(channel.id, ownerId)
      .then(
        () => {
          setTest(channel.id, undefined);
          if (secret?.id === channel.id) setSecret(undefined);
          return reload();
        },
        (error: unknown) => errorToast(error, CHANNEL_MESSAGES.deleteUnknownError),
      )
      .finally(() => setBusyFor(channel.id, false));
  };

  const connectTelegram = () => {
    setConnecting(true);
    void owner
      .withOwner((ownerId) => api.createTelegram(ownerId))
      .then(
        (created) => {
          // In the click's user activation (browsers allow a new tab for a few seconds after it);
          // a blocked one leaves the 'Open Telegram' link below.
          window.open(created.linkUrl, '_blank', 'noopener,noreferrer');
          return reload();
        },
        (error: unknown) => errorToast(error, CHANNEL_MESSAGES.connectFailed),
      )
      .finally(() => setConnecting(false));
  };

  const pushText = pushReason(push) ?? ALERTS_MESSAGES.pushRow.active;
  const pushAction =
    push.status === 'inactive' && push.problem === undefined
      ? CHANNEL_MESSAGES.turnOnPush
      : push.problem?.kind === 'failed'
        ? CHANNEL_MESSAGES.registerAgain
        : undefined;

  return (
    <Card variant="outlined" component="section" aria-labelledby="where-alerts-go-title">
      <CardHeader
        title={CHANNEL_MESSAGES.title}
        subheader={CHANNEL_MESSAGES.subheader}
        slotProps={{
          title: { id: 'where-alerts-go-title', variant: 'h6', component: 'h2' },
          subheader: { variant: 'body2' },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2} divider={<Divider flexItem />}>
          <Section title={CHANNEL_MESSAGES.thisBrowser} id="channels-push">
            <Row
              text={
                <Typography variant="body2" data-testid="push-channel-state">
                  {pushText}
                </Typography>
              }
              actions={
                pushAction === undefined ? null : (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={onEnablePush}
                    sx={TOUCH_TARGET_SX}
                  >
                    {pushAction}
                  </Button>
                )
              }
            />
          </Section>
          <Section title={CHANNEL_MESSAGES.webhooks} id="channels-webhooks">
            {webhooks.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {CHANNEL_MESSAGES.noWebhooks}
              </Typography>
            ) : (
              <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {webhooks.map((webhook) => {
                  const host = webhookHost(webhook.url);
                  const test = tests.get(webhook.id);
                  return (
                    <li key={webhook.id} data-testid={`webhook-${webhook.id}`}>
                      <Row
                        text={
                          <>
                            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                              {webhook.url}
                            </Typography>
                            {webhook.disabled ? (
                              <Typography variant="caption" color="warning.main" component="div">
                                {CHANNEL_MESSAGES.disabledWebhook}
                              </Typography>
                            ) : null}
                          </>
                        }
                        actions={
                          <>
                            <Button
                              size="small"
                              aria-label={`${CHANNEL_MESSAGES.sendTest} to ${host}`}
                              disabled={test?.pending === true || busy.has(webhook.id)}
                              onClick={() => sendTest(webhook)}
                              sx={TOUCH_TARGET_SX}
                            >
                              {CHANNEL_MESSAGES.sendTest}
                            </Button>
                            <Button
                              size="small"
                              color="error"
                              aria-label={`${CHANNEL_MESSAGES.delete} webhook ${host}`}
                              disabled={busy.has(webhook.id)}
                              onClick={() => remove(webhook)}
                              sx={TOUCH_TARGET_SX}
                            >
                              {CHANNEL_MESSAGES.delete}
                            </Button>
                          </>
                        }
                      />
                      <TestLine test={test} />
                    </li>
                  );
                })}
              </Stack>
            )}
            {secret === undefined ? null : (
              <Box sx={{ mt: 1.5 }}>
                <WebhookSecretNotice
                  url={secret.url}
                  secret={secret.secret}
                  onDone={() => setSecret(undefined)}
                />
              </Box>
            )}
            <Box sx={{ mt: 1.5 }}>
              {adding ? (
                <AddWebhookForm onAdd={addWebhook} onCancel={() => setAdding(false)} />
              ) : (
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => {
                    setAdding(true);
                    setSecret(undefined); // shown once: gone when the next one is being added
                  }}
                  sx={TOUCH_TARGET_SX}
                >
                  {CHANNEL_MESSAGES.addWebhook}
                </Button>
              )}
            </Box>
          </Section>
          {telegramOffered || telegrams.length > 0 ? (
            <Section title={CHANNEL_MESSAGES.telegram} id="channels-telegram">
              {telegrams.length === 0 ? (
                <Row
                  text={<Typography variant="body2">{CHANNEL_MESSAGES.telegramIntro}</Typography>}
                  actions={
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={connecting || !telegramOffered}
                      onClick={connectTelegram}
                      sx={TOUCH_TARGET_SX}
                    >
                      {CHANNEL_MESSAGES.connectTelegram}
                    </Button>
                  }
                />
              ) : (
                <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {telegrams.map((telegram) => (
                    <li key={telegram.id} data-testid={`telegram-${telegram.id}`}>
                      <Row
                        text={<TelegramState channel={telegram} />}
                        actions={
                          <>
                            {telegram.linked && !telegram.disabled ? (
                              <Button
                                size="small"
                                aria-label={`${CHANNEL_MESSAGES.sendTest} to Telegram`}
                                disabled={tests.get(telegram.id)?.pending === true}
                                onClick={() => sendTest(telegram)}
                                sx={TOUCH_TARGET_SX}
                              >
                                {CHANNEL_MESSAGES.sendTest}
                              </Button>
                            ) : null}
                            <Button
                              size="small"
                              color="error"
                              disabled={busy.has(telegram.id)}
                              onClick={() => remove(telegram)}
                              sx={TOUCH_TARGET_SX}
                            >
                              {telegram.linked
                                ? CHANNEL_MESSAGES.removeTelegram
                                : CHANNEL_MESSAGES.cancel}
                            </Button>
                          </>
                        }
                      />
                      <TestLine test={tests.get(telegram.id)} />
                    </li>
                  ))}
                </Stack>
              )}
            </Section>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One part of the panel under its own heading. */
function Section(props: {
  readonly title: string;
  readonly id: string;
  readonly children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={props.id}>
      <Typography id={props.id} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

/** Text on the left, actions on the right; stacked on narrow screens. */
function Row(props: { readonly text: ReactNode; readonly actions: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>{props.text}</Box>
      {props.actions === null ? null : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{props.actions}</Box>
      )}
    </Box>
  );
}

/** What the last Send test did, said where the person pressed it. */
function TestLine({ test }: { readonly test: TestState | undefined }) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      aria-live="polite"
      data-testid="channel-test-result"
    >
      {test === undefined ? '' : test.pending ? CHANNEL_MESSAGES.testSending : test.text}
    </Typography>
  );
}

/** A Telegram channel in words: waiting for Start (with the link again), linked, or stopped. */
function TelegramState({ channel }: { readonly channel: TelegramChannel }) {
  if (channel.disabled) {
    return <Typography variant="body2">{CHANNEL_MESSAGES.telegramDisabled}</Typography>;
  }
  if (channel.linked) {
    return (
      <Typography variant="body2" data-testid="telegram-state">
        {CHANNEL_MESSAGES.telegramLinked}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" data-testid="telegram-state">
      {CHANNEL_MESSAGES.telegramWaiting}{' '}
      {channel.linkUrl === undefined ? null : (
        <Link href={channel.linkUrl} target="_blank" rel="noopener noreferrer">
          {CHANNEL_MESSAGES.openTelegram}
        </Link>
      )}
    </Typography>
  );
}
