/** What the page posts to a waiting worker when the person chose "Reload" on the update toast. */
export const SKIP_WAITING_MESSAGE = 'pairwatch:skip-waiting';
