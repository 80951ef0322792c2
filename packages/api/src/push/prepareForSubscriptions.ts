import { type AlertStore } from '../storage/AlertStore';
import { keysetPages } from '../storage/keysetPages';
import { type PushTransport } from './PushTransport';

/** Stored subscriptions read per page while the transport prepares for them. */
const SUBSCRIPTIONS_PER_PAGE = 1_000;

/**
 * Hands the stored push subscriptions to the transport, a page at a time (the event loop runs in
 * between), until it takes no more: it prepares each one's first message ahead
 * (docs/architecture.md §9, "Push encryption").
 *
 * @returns how many subscriptions the transport was given.
 */
export async function prepareForSubscriptions(
  store: Pick<AlertStore, 'listSubscriptions'>,
  transport: PushTransport,
): Promise<number> {
  if (!transport.prepareFor) return 0;
  let given = 0;
  for await (const page of keysetPages(
    (range) => store.listSubscriptions(range),
    (subscription) => subscription.id,
    SUBSCRIPTIONS_PER_PAGE,
  )) {
    given += page.length;
    if (!transport.prepareFor(page)) break;
  }
  return given;
}
