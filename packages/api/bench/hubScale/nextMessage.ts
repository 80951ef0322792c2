import { type ChildProcess } from 'node:child_process';

/**
 * The next IPC message of `kind` from a forked child.
 *
 * @throws Error when the child exits first or nothing comes within `timeoutMs`.
 */
export function nextMessage<M extends { readonly kind: string }, K extends M['kind']>(
  child: ChildProcess,
  kind: K,
  timeoutMs: number,
): Promise<Extract<M, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const settle = (then: () => void): void => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      then();
    };
    const onMessage = (message: unknown): void => {
      if ((message as M).kind === kind) settle(() => resolve(message as Extract<M, { kind: K }>));
    };
    const onExit = (code: number | null): void =>
      settle(() => reject(new Error(`child ${child.pid} exited (${code}) before '${kind}'`)));
    const timer = setTimeout(
      () =>
        settle(() => reject(new Error(`no '${kind}' from child ${child.pid} in ${timeoutMs} ms`))),
      timeoutMs,
    );
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}
