import { ApiProblem } from '../errors/ApiProblem';
import { wellFormedId } from '../storage/recordId';

/**
 * The owner id a request names: `ownerId`, or `subscriptionId` (a browser registered before
 * owners is its own owner, and remotes deployed before them send that), from a body or a query.
 *
 * @returns the id when it is well formed, undefined when it cannot be one of ours (answered like
 *   an unknown owner, without a lookup).
 * @throws ApiProblem (400) when neither is given.
 */
export function readOwnerId(fields: unknown): string | undefined {
  const source = (typeof fields === 'object' && fields !== null ? fields : {}) as {
    ownerId?: unknown;
    subscriptionId?: unknown;
  };
  const value = source.ownerId ?? source.subscriptionId;
  if (typeof value !== 'string' || value === '') {
    throw new ApiProblem(
      'BAD_REQUEST',
      'Send ownerId: the id POST /owners gave you (or the subscriptionId POST /push/subscriptions gave this browser).',
    );
  }
  return wellFormedId(value);
}
