import { useCallback, useEffect, useRef, useState } from 'react';
import { type Channel } from '../channels/Channel';
import { type ChannelsApi } from '../screen/AlertsServices';

/** While a Telegram link waits for the person to press Start, the channels are read this often. */
const LINK_POLL_MS = 2_000;

/** The owner's channels and the kinds the server offers, as 'Where alerts go' shows them. */
export interface ChannelsState {
  /** Undefined until `GET /channels/kinds` answered (Telegram is offered only when it says so). */
  readonly kinds: readonly Channel['kind'][] | undefined;
  readonly channels: readonly Channel[];
  /** Whether the owner's channels have been read (or there is no owner to read them of). */
  readonly loaded: boolean;
  /** Reads the channels again (after an add or a delete). */
  readonly reload: () => Promise<void>;
}

/**
 * Loads the kinds once and the owner's channels whenever the owner changes; while a Telegram
 * channel is not linked yet, reads them again every {@link LINK_POLL_MS} so the panel says when
 * it is. A failed read keeps what was shown (the panel's actions report their own errors).
 */
export function useChannels(api: ChannelsApi, ownerId: string | undefined): ChannelsState {
  const [kinds, setKinds] = useState<readonly Channel['kind'][] | undefined>(undefined);
  const [channels, setChannels] = useState<readonly Channel[]>([]);
  const [loaded, setLoaded] = useState(false);
  const latestRequest = useRef(0);
  // Read at call time: a channel added for an owner made in the same click reloads that owner's
  // list, not the empty one of the render that started the click.
  const latestOwner = useRef(ownerId);
  latestOwner.current = ownerId;

  useEffect(() => {
    let live = true;
    api.listChannelKinds().then(
      (offered) => {
        if (live) setKinds(offered);
      },
      (error: unknown) => {
        // Push and webhooks are always there; only Telegram depends on this answer.
        if (live) setKinds(['push', 'webhook']);
        console.warn('[alerts] reading the channel kinds failed:', error);
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  const reload = useCallback(async () => {
    const request = ++latestRequest.current;
    const ownerId = latestOwner.current;
    if (!ownerId) {
      setChannels([]);
      setLoaded(true);
      return;
    }
    try {
      const list = await api.listChannels(ownerId);
      if (request === latestRequest.current) {
        setChannels(list);
        setLoaded(true);
      }
    } catch (error) {
      console.warn('[alerts] listing channels failed:', error);
    }
  }, [api]);

  useEffect(() => {
    void reload();
    return () => {
      latestRequest.current += 1;
    };
  }, [reload, ownerId]);

  const waitingForLink = channels.some(
    (channel) => channel.kind === 'telegram' && !channel.linked && !channel.disabled,
  );
  useEffect(() => {
    if (!waitingForLink) return;
    const timer = setInterval(() => void reload(), LINK_POLL_MS);
    return () => clearInterval(timer);
  }, [waitingForLink, reload]);

  return { kinds, channels, loaded, reload };
}
