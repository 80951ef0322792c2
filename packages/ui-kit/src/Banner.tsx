import { type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';

/** An optional link at the end of a {@link Banner}. */
export interface BannerAction {
  /** The link's text. */
  readonly label: string;
  /** What the link does (e.g. ask for the notification permission). */
  readonly onClick: () => void;
}

/** Props of {@link Banner}. */
export interface BannerProps {
  /** `info` for guidance, `warning` when something the user needs is missing. */
  readonly severity: 'info' | 'warning';
  /** The message, word for word from the spec where it has one. */
  readonly children: ReactNode;
  readonly action?: BannerAction;
}

/**
 * A full-width message above a screen's content, optionally followed by a link that acts.
 *
 * @example
 * ```tsx
 * <Banner severity="info" action={{ label: 'Enable notifications', onClick: askPermission }}>
 *   To create and receive alerts, please enable push notifications in your browser.
 * </Banner>
 * ```
 */
export function Banner({ severity, children, action }: BannerProps) {
  return (
    <Alert severity={severity} variant="outlined" sx={{ alignItems: 'center' }}>
      {children}
      {action ? (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            onClick={action.onClick}
            sx={{ verticalAlign: 'baseline' }}
          >
            {action.label}
          </Link>
        </>
      ) : null}
    </Alert>
  );
}
