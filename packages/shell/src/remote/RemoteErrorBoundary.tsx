import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Props of {@link RemoteErrorBoundary}. */
export interface RemoteErrorBoundaryProps {
  /** What to show instead of the children once they have thrown. */
  readonly fallback: (error: Error) => ReactNode;
  /** Told once per caught error (the shell toasts it). */
  readonly onError?: (error: Error) => void;
  readonly children?: ReactNode;
}

interface RemoteErrorBoundaryState {
  readonly error: Error | null;
}

/**
 * Catches a remote screen that fails to load or to render, so the rest of the shell (navigation,
 * toasts, the other screen) keeps working. Reset it by remounting (a new `key`).
 */
export class RemoteErrorBoundary extends Component<
  RemoteErrorBoundaryProps,
  RemoteErrorBoundaryState
> {
  override state: RemoteErrorBoundaryState = { error: null };

  static getDerivedStateFromError(thrown: unknown): RemoteErrorBoundaryState {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  override componentDidCatch(thrown: unknown, info: ErrorInfo): void {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    console.error('[pairwatch] a remote screen failed:', error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
