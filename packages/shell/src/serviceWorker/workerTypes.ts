// The parts of the service worker global scope the shell's worker uses. The worker's tsconfig is
// the DOM one (lib "WebWorker" cannot sit beside "DOM" in one program), so these are spelled out.

/** A window the worker can focus and navigate. */
export interface WindowClientLike {
  readonly url: string;
  readonly focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** `self.clients`. */
export interface ClientsLike {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
  claim(): Promise<void>;
}

/** `self.registration`. */
export interface NotificationRegistrationLike {
  showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void>;
}

/** An event whose work the browser waits for. */
export interface ExtendableEventLike {
  waitUntil(work: Promise<unknown>): void;
}

/** The `install` event; `addRoutes` where the browser has the Static Routing API. */
export interface InstallEventLike extends ExtendableEventLike {
  readonly addRoutes?: (routes: readonly unknown[]) => Promise<void>;
}

/** A `push` event. */
export interface PushEventLike extends ExtendableEventLike {
  readonly data: { text(): string } | null;
}

/** A `notificationclick` event. */
export interface NotificationClickEventLike extends ExtendableEventLike {
  readonly notification: { readonly data?: unknown; close(): void };
}

/** A `fetch` event. */
export interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

/** A `message` event from a page. */
export interface ExtendableMessageEventLike extends ExtendableEventLike {
  readonly data: unknown;
}

/** The service worker global scope, as far as the shell's worker needs it. */
export interface ServiceWorkerScopeLike {
  readonly location: { readonly origin: string };
  readonly clients: ClientsLike;
  readonly registration: NotificationRegistrationLike;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEventLike) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEventLike) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickEventLike) => void,
  ): void;
}
