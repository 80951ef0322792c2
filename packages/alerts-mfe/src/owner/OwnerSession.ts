import { ApiError } from '../alerts/ApiError';
import { SUBSCRIPTION_ID_KEY } from '../push/initialPushState';

/** The localStorage key of this browser's owner id (docs/architecture.md §9). */
export const OWNER_ID_KEY = 'pairwatch-owner-id';

/** The api call that makes an owner. */
export interface OwnerApi {
  createOwner(): Promise<string>;
}

/**
 * This browser's owner id: the key of its alerts and channels, and its only credential.
 *
 * @remarks Read from localStorage; a browser that registered push before owners stored only its
 * subscription id, which the api takes as its owner id. A browser without one gets one from
 * `POST /owners` the first time it needs one (adding a webhook or Telegram), and push registration
 * tells the owner its subscription became a channel of ({@link adopt}).
 */
export class OwnerSession {
  private ownerId: string | undefined;
  private creating: Promise<string> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly api: OwnerApi,
    private readonly storage: Storage | undefined,
  ) {
    this.ownerId = read(storage, OWNER_ID_KEY) ?? read(storage, SUBSCRIPTION_ID_KEY);
  }

  /** The owner id, if this browser has one yet. */
  readonly getOwnerId = (): string | undefined => this.ownerId;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The owner id, made with `POST /owners` when the browser has none (one request at a time). */
  ensure(): Promise<string> {
    if (this.ownerId !== undefined) return Promise.resolve(this.ownerId);
    return this.createOnce();
  }

  /**
   * Runs `action` with the owner id; when the api no longer knows that owner (its last channel
   * went, or the server's data was reset) makes a new one and runs it once more.
   */
  async withOwner<T>(action: (ownerId: string) => Promise<T>): Promise<T> {
    const ownerId = await this.ensure();
    try {
      return await action(ownerId);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'OWNER_NOT_FOUND')) throw error;
      if (this.ownerId === ownerId) this.ownerId = undefined;
      return action(await this.ensure());
    }
  }

  /** The owner the api answered for this browser (push registration); stored and announced. */
  adopt(ownerId: string): void {
    if (ownerId === this.ownerId) return;
    this.ownerId = ownerId;
    this.store(ownerId);
    for (const listener of [...this.listeners]) listener();
  }

  private createOnce(): Promise<string> {
    this.creating ??= this.api
      .createOwner()
      .then((ownerId) => {
        this.adopt(ownerId);
        return ownerId;
      })
      .finally(() => {
        this.creating = undefined;
      });
    return this.creating;
  }

  private store(ownerId: string): void {
    try {
      this.storage?.setItem(OWNER_ID_KEY, ownerId);
    } catch {
      // Storage blocked: the id still works for this page's life.
    }
  }
}

function read(storage: Storage | undefined, key: string): string | undefined {
  try {
    return storage?.getItem(key) || undefined;
  } catch {
    return undefined;
  }
}
