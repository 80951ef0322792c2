import Link from '@mui/material/Link';
import { Banner } from '@pairwatch/ui-kit';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { type PushState, type PushStatus } from '../push/PushSubscriptionService';

/** Props of {@link PushBanner}. */
export interface PushBannerProps {
  readonly status: PushStatus;
  /** Why push is not active after the user tried, if known: the banner says what to do. */
  readonly problem?: PushState['problem'];
  /** Asks for the permission and subscribes (runs in the click, as browsers require). */
  readonly onEnable: () => void;
}

const LINK_SX = { verticalAlign: 'baseline', font: 'inherit' } as const;

/**
 * Explains why alerts cannot be created yet, in one sentence that does not change while nothing
 * changes: push unsupported, blocked (and how to allow it), allowed but impossible in this window,
 * allowed but not registered (why, with a retry), or not enabled yet (with a link). Nothing while
 * a granted permission is being registered.
 */
export function PushBanner({ status, problem, onEnable }: PushBannerProps) {
  if (status === 'active') return null;
  if (status === 'unloaded') {
    return <Banner severity="warning">{ALERTS_MESSAGES.pushUnsupported}</Banner>;
  }
  // Nothing is wrong while a granted permission is being registered: saying "enable" now would
  // be contradicted a moment later.
  if (problem?.kind === 'registering') return null;
  if (problem?.kind === 'denied') {
    return <Banner severity="warning">{ALERTS_MESSAGES.pushDenied}</Banner>;
  }
  if (problem?.kind === 'unavailable') {
    return <Banner severity="warning">{ALERTS_MESSAGES.pushUnavailable}</Banner>;
  }
  if (problem?.kind === 'failed') {
    return (
      <Banner severity="warning">
        {ALERTS_MESSAGES.pushFailed(problem.detail)}
        <Link component="button" type="button" onClick={onEnable} sx={LINK_SX}>
          {ALERTS_MESSAGES.pushRetry}
        </Link>
      </Banner>
    );
  }
  return (
    <Banner severity="info">
      {ALERTS_MESSAGES.pushInactiveBefore}
      <Link component="button" type="button" onClick={onEnable} sx={LINK_SX}>
        {ALERTS_MESSAGES.pushInactiveLink}
      </Link>
      {ALERTS_MESSAGES.pushInactiveAfter}
    </Banner>
  );
}
