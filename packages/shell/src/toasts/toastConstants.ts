/** Only one toast at a time (product-product §9): a new toast replaces the one on screen. */
export const TOAST_LIMIT = 1;

/** How long a toast stays up unless the pointer rests on it (product-product §9). */
export const TOAST_DURATION_MS = 5000;

/** A toast dragged sideways by at least this much is dismissed; a shorter drag snaps back. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** The key (`KeyboardEvent.code`) that moves focus to the toast viewport, with no modifier. */
export const TOAST_VIEWPORT_HOTKEY = 'F8';

/** The accessible name of the toast viewport landmark; it names the hotkey, as screen readers read it. */
export const TOAST_VIEWPORT_LABEL = `Notifications (${TOAST_VIEWPORT_HOTKEY})`;
