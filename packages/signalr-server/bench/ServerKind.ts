/** The broadcast servers the bench compares. */
export type ServerKind = 'ws' | 'signalr' | 'socketio';

/** Order of a round: the floor first, then ours, then Socket.IO. */
export const SERVER_KINDS: readonly ServerKind[] = ['ws', 'signalr', 'socketio'];

/** Messages between the bench runner and a server child process. */
export type BenchIpcMessage =
  | { readonly type: 'listening'; readonly port: number }
  | { readonly type: 'start'; readonly rate: number; readonly seconds: number }
  | { readonly type: 'clients'; readonly count: number }
  | { readonly type: 'countClients' }
  | {
      readonly type: 'done';
      readonly sent: number;
      /** Server CPU (user + system) over the broadcast window, in ms. */
      readonly cpuMs: number;
      readonly wallMs: number;
    };
