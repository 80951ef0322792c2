import WebSocket from 'ws';
import { type UpstreamSocket, type UpstreamSocketEvents } from './UpstreamSocket';

/** Upstream frames are small; anything bigger is not Binance. */
const MAX_PAYLOAD_BYTES = 1024 * 1024;
const HANDSHAKE_TIMEOUT_MS = 10_000;

/**
 * The production {@link UpstreamSocketFactory}: a `ws` client. Pongs are sent by the feed (not
 * automatically) so that every frame we send goes through one place.
 */
export function connectWsUpstream(url: string, events: UpstreamSocketEvents): UpstreamSocket {
  const socket = new WebSocket(url, {
    autoPong: false,
    handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    maxPayload: MAX_PAYLOAD_BYTES,
    perMessageDeflate: false,
  });
  socket.on('open', () => events.onOpen());
  socket.on('message', (data, isBinary) => {
    if (!isBinary) events.onMessage(data.toString());
  });
  socket.on('ping', (payload) => events.onPing(payload));
  socket.on('close', (code, reason) => events.onClose(code, reason.toString()));
  socket.on('error', (error) => events.onError(error));
  return {
    send: (text) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    pong: (payload) => {
      if (socket.readyState === WebSocket.OPEN) socket.pong(payload);
    },
    close: () => socket.close(1000),
    terminate: () => socket.terminate(),
  };
}
