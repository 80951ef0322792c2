import { ALERTS_MESSAGES } from '../alertsMessages';
import { type PushState } from './PushSubscriptionService';

/**
 * Why push does not work in this browser, in words that agree with the banner above: the push row
 * of 'Where alerts go' says it; undefined while push is active.
 */
export function pushReason(state: Pick<PushState, 'status' | 'problem'>): string | undefined {
  const reasons = ALERTS_MESSAGES.pushRow;
  if (state.status === 'active') return undefined;
  if (state.status === 'unloaded') return reasons.unsupported;
  switch (state.problem?.kind) {
    case undefined:
      return reasons.inactive;
    case 'registering':
      return reasons.registering;
    case 'denied':
      return reasons.denied;
    case 'unavailable':
      return reasons.unavailable;
    case 'failed':
      return reasons.failed;
  }
}
