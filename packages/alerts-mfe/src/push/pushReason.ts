import { ALERTS_MESSAGES } from '../alertsMessages';
import { type PushState } from './PushSubscriptionService';

/**
 * Why Create Alert is disabled, in words that agree with the banner above it; undefined while push
 * is active (nothing to explain).
 */
export function pushReason(state: Pick<PushState, 'status' | 'problem'>): string | undefined {
  const reasons = ALERTS_MESSAGES.createNeedsPush;
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
