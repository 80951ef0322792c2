import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHANNEL_MESSAGES } from '../alertsMessages';
import { TOUCH_TARGET_SX } from '../ui/touchTarget';
import { webhookHost } from './describeDelivery';

/** Props of {@link WebhookSecretNotice}. */
export interface WebhookSecretNoticeProps {
  readonly url: string;
  readonly secret: string;
  /** The person is done with it: the secret is gone from the page for good. */
  readonly onDone: () => void;
}

/**
 * A new webhook's signing secret, the one time the api gives it: selectable text, a copy button,
 * and a sentence saying it will not be shown again.
 */
export function WebhookSecretNotice({ url, secret, onDone }: WebhookSecretNoticeProps) {
  const [copy, setCopy] = useState<'copied' | 'failed' | undefined>(undefined);
  const copySecret = () => {
    // Clipboard access may be refused (an insecure origin, a denied permission): say so, the
    // secret stays on screen to copy by hand.
    const write =
      navigator.clipboard?.writeText(secret) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby="webhook-secret-title"
      data-testid="webhook-secret"
      sx={{ p: 2, bgcolor: 'action.hover' }}
    >
      <Stack spacing={1}>
        <Typography id="webhook-secret-title" variant="subtitle2" component="h4">
          {CHANNEL_MESSAGES.secretTitle(webhookHost(url))}
        </Typography>
        <Box
          component="code"
          data-testid="webhook-secret-value"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', userSelect: 'all' }}
        >
          {secret}
        </Box>
        <Typography variant="body2">{CHANNEL_MESSAGES.secretOnce}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" onClick={copySecret} sx={TOUCH_TARGET_SX}>
            {CHANNEL_MESSAGES.copySecret}
          </Button>
          <Button size="small" onClick={onDone} sx={TOUCH_TARGET_SX}>
            {CHANNEL_MESSAGES.secretDone}
          </Button>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {copy === 'copied'
              ? CHANNEL_MESSAGES.copied
              : copy === 'failed'
                ? CHANNEL_MESSAGES.copyFailed
                : ''}
          </Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}
