import Link from '@mui/material/Link';
import { Banner } from '@pairwatch/ui-kit';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { type PushStatus } from '../push/PushSubscriptionService';

/** Props of {@link PushBanner}. */
export interface PushBannerProps {
  readonly status: PushStatus;
  /** Asks for the permission and subscribes (runs in the click, as browsers require). */
  readonly onEnable: () => void;
}

/** Explains why alerts cannot be created yet: push unsupported, or not enabled (with a link). */
export function PushBanner({ status, onEnable }: PushBannerProps) {
  if (status === 'active') return null;
  if (status === 'unloaded') {
    return <Banner severity="warning">{ALERTS_MESSAGES.pushUnsupported}</Banner>;
  }
  return (
    <Banner severity="info">
      {ALERTS_MESSAGES.pushInactiveBefore}
      <Link
        component="button"
        type="button"
        onClick={onEnable}
        sx={{ verticalAlign: 'baseline', font: 'inherit' }}
      >
        {ALERTS_MESSAGES.pushInactiveLink}
      </Link>
      {ALERTS_MESSAGES.pushInactiveAfter}
    </Banner>
  );
}
