/**
 * `promise`'s value, or `undefined` when it rejects or has not settled within `ms`: for what the
 * page may wait on, but not for ever (an api that hangs must not keep the app from rendering).
 */
export function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}
