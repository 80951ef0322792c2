import { type ChartTestHook } from '@pairwatch/alerts-mfe/testing';

/**
 * The page's window with the alerts remote's read-only chart hook. The remote installs the hook
 * only when `__PAIRWATCH_E2E__` is set before it loads (an init script); its type comes from the
 * remote itself, so a change to the hook fails the browser tests' typecheck, not their run.
 */
export type ChartWindow = Window & {
  __PAIRWATCH_E2E__?: boolean;
  __pairwatchChart?: ChartTestHook;
};
