import { ApiProblem } from '../errors/ApiProblem';
import { WriteRateLimiter } from '../http/WriteRateLimiter';
import { type FastifyRequest } from 'fastify';
import { type AlertStore } from '../storage/AlertStore';
import { requestClientAddress } from '../http/requestClientAddress';
import { clientKey } from '@pairwatch/signalr-server';

/** Options of {@link ClientCreationBudget}. */
export interface ClientCreationBudgetOptions {
  readonly store: Pick<AlertStore, 'countCreatedBy'>;
  /** `PUSH_SUBSCRIPTIONS_PER_CLIENT`: live creations per client, and creations per hour. */
  readonly perClient: number;
  readonly now: () => number;
}

/**
 * What one client may create of the rows that fill `MAX_PUSH_SUBSCRIPTIONS`: new push
 * subscriptions and new owners (`POST /owners`) draw on one budget per IPv4 address or per IPv6
 * /64 (`clientKey` of @pairwatch/signalr-server). A client may hold `perClient` of them at once (counted in the
 * store, so it holds across restarts and api processes) and create `perClient` an hour (in this
 * process: deleting and creating again in a loop costs the database writes, not the table).
 * Without it, a hundred addresses or one /64 filled the table for everyone in minutes.
 */
export class ClientCreationBudget {
  /** Default of `PUSH_SUBSCRIPTIONS_PER_CLIENT`: a household's browsers, with room to spare. */
  static readonly DEFAULT_PER_CLIENT = 20;

  private readonly rate: WriteRateLimiter;

  constructor(private readonly options: ClientCreationBudgetOptions) {
    this.rate = new WriteRateLimiter({
      capacity: options.perClient,
      refillPerSecond: options.perClient / 3600,
      now: options.now,
    });
  }

  /**
   * Takes one creation for the client that sent `request` ({@link requestClientAddress}).
   *
   * @returns the client's budget key, to store with what it creates.
   * @throws ApiProblem 429 `RATE_LIMITED` (with `Retry-After`) when the client is over its budget.
   */
  async claim(request: FastifyRequest): Promise<string> {
    const client = clientKey(requestClientAddress(request));
    const network = client.endsWith('/64') ? `network (${client})` : 'address';
    const wait = this.rate.take(client);
    if (wait > 0) {
      throw new ApiProblem(
        'RATE_LIMITED',
        `Too many new push subscriptions or owners from your ${network}. Try again in ${wait} s.`,
        wait,
      );
    }
    const { perClient } = this.options;
    if ((await this.options.store.countCreatedBy(client)) >= perClient) {
      throw new ApiProblem(
        'RATE_LIMITED',
        `Your ${network} already has ${perClient} push subscriptions or owners, the most one may have. Remove one you no longer use (unsubscribe in that browser), or wait for unused ones to expire.`,
        3600,
      );
    }
    return client;
  }
}
