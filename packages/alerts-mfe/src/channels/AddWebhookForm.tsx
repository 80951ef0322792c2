import { type FormEvent, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_WEBHOOK_TEMPLATE_LENGTH, WEBHOOK_PLACEHOLDERS } from '@pairwatch/domain';
import { apiErrorDetail } from '../alerts/ApiError';
import { CHANNEL_MESSAGES } from '../alertsMessages';
import { TOUCH_TARGET_SX } from '../ui/touchTarget';

/** Props of {@link AddWebhookForm}. */
export interface AddWebhookFormProps {
  /** Adds the webhook; rejects with the api's error (its `detail` is shown under the form). */
  readonly onAdd: (webhook: { readonly url: string; readonly template?: string }) => Promise<void>;
  readonly onCancel: () => void;
}

interface WebhookErrors {
  readonly url?: string;
  readonly template?: string;
}

/** The checks the api makes that need no network: the rest (private hosts…) it answers itself. */
function validate(url: string, template: string): WebhookErrors {
  const trimmed = url.trim();
  return {
    ...(trimmed === ''
      ? { url: CHANNEL_MESSAGES.urlEmpty }
      : /^https?:\/\/[^/\s]/i.test(trimmed)
        ? {}
        : { url: CHANNEL_MESSAGES.urlNotHttp }),
    ...(template.length > MAX_WEBHOOK_TEMPLATE_LENGTH
      ? { template: CHANNEL_MESSAGES.templateTooLong(MAX_WEBHOOK_TEMPLATE_LENGTH) }
      : {}),
  };
}

const PLACEHOLDER_LIST = WEBHOOK_PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ');

/**
 * 'Add webhook': the URL and an optional body template with the placeholders it may use, checked
 * as the person types (after the first change) and on submit; what the api refuses is said under
 * the form in its own words.
 */
export function AddWebhookForm({ onAdd, onCancel }: AddWebhookFormProps) {
  const [url, setUrl] = useState('');
  const [template, setTemplate] = useState('');
  const [touched, setTouched] = useState({ url: false, template: false });
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const errors = validate(url, template);
  const urlError = touched.url ? errors.url : undefined;
  const templateError = touched.template ? errors.template : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ url: true, template: true });
    if (errors.url !== undefined || errors.template !== undefined) return;
    setSubmitting(true);
    setRefusal(undefined);
    try {
      await onAdd({ url: url.trim(), ...(template.trim() === '' ? {} : { template }) });
    } catch (error) {
      setRefusal(apiErrorDetail(error) ?? CHANNEL_MESSAGES.addFailed);
      setSubmitting(false);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={CHANNEL_MESSAGES.addWebhook}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        size="small"
        label={CHANNEL_MESSAGES.webhookUrl}
        name="webhookUrl"
        type="url"
        autoComplete="off"
        placeholder={CHANNEL_MESSAGES.webhookUrlPlaceholder}
        value={url}
        onChange={(event) => {
          setTouched((was) => ({ ...was, url: true }));
          setUrl(event.target.value);
          setRefusal(undefined);
        }}
        error={urlError !== undefined}
        helperText={urlError ?? ' '}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'url' } }}
      />
      <TextField
        size="small"
        label={CHANNEL_MESSAGES.template}
        name="webhookTemplate"
        multiline
        minRows={2}
        maxRows={8}
        value={template}
        onChange={(event) => {
          setTouched((was) => ({ ...was, template: true }));
          setTemplate(event.target.value);
        }}
        error={templateError !== undefined}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <span>
              {templateError ?? CHANNEL_MESSAGES.templateHelp}{' '}
              {templateError === undefined ? (
                <Box
                  component="code"
                  data-testid="webhook-placeholders"
                  sx={{ fontSize: 'inherit', overflowWrap: 'anywhere' }}
                >
                  {PLACEHOLDER_LIST}
                </Box>
              ) : null}
            </span>
            <span>{`${template.length}/${MAX_WEBHOOK_TEMPLATE_LENGTH}`}</span>
          </Box>
        }
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {refusal === undefined ? null : (
        <Typography
          variant="body2"
          color="error"
          aria-live="polite"
          data-testid="add-webhook-error"
        >
          {refusal}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button type="button" onClick={onCancel} sx={TOUCH_TARGET_SX}>
          {CHANNEL_MESSAGES.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={submitting} sx={TOUCH_TARGET_SX}>
          {CHANNEL_MESSAGES.addWebhook}
        </Button>
      </Stack>
    </Stack>
  );
}
