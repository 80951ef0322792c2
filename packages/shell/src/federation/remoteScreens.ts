import { type AppConfig } from '../config/AppConfig';

/** The screens that live in a remote: the keys of `app-config.json`'s `remotes`. */
export type RemoteScreenId = keyof AppConfig['remotes'];

/** How the shell finds one remote screen: MF container name, exposed module, title. */
export interface RemoteScreen {
  readonly id: RemoteScreenId;
  /** The MF container name (a JS identifier), as in the remote's webpack config. */
  readonly containerName: string;
  /** The `loadRemote` id: `<container>/<exposed module without './'>`. */
  readonly moduleId: string;
  /** The screen's name in the navigation and in messages. */
  readonly title: string;
}

/** The two remote screens and their MF coordinates (the contract in tools/mf/README.md). */
export const REMOTE_SCREENS: Readonly<Record<RemoteScreenId, RemoteScreen>> = {
  alerts: {
    id: 'alerts',
    containerName: 'alerts_mfe',
    moduleId: 'alerts_mfe/AlertsRoute',
    title: 'Alerts',
  },
  positions: {
    id: 'positions',
    containerName: 'positions_mfe',
    moduleId: 'positions_mfe/PositionsRoute',
    title: 'Positions',
  },
};

/** The Alerts remote's React-free first chart (`alerts_mfe/firstChart`), as its manifest names it. */
export const FIRST_CHART_EXPOSE = './firstChart';
