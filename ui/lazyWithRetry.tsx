import { lazy, useState, type ComponentProps, type ComponentType } from 'react';
import { withinChunkLoadTimeout } from './chunkLoad';
import { LoadErrorBoundary } from './LoadErrorBoundary';

/** A component whose code loads when it is first rendered, or earlier through `preload`. */
export type RetryableLazy<P> = ComponentType<P> & {
  /** Starts the download now; rejects when it fails (a render then tries again). */
  preload(): Promise<void>;
};

/**
 * React's `lazy`, for a flaky network: a download that fails or has not arrived after 120 s shows its
 * {@link LoadErrorBoundary} (the message and RETRY) in place of the component, and RETRY downloads it again (a `lazy`
 * keeps its failure for good, so RETRY renders a fresh one). Render it inside a Suspense boundary, as `lazy`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the constraint of React's own lazy(): any component
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): RetryableLazy<ComponentProps<T>> {
  let loading: Promise<{ default: T }> | undefined;
  const loadOnce = () => (loading ??= withinChunkLoadTimeout(load()));
  let Current = lazy(loadOnce);
  const forgetFailure = () => {
    loading = undefined;
    Current = lazy(loadOnce);
  };

  function Retryable(props: ComponentProps<T>) {
    const [, setAttempt] = useState(0);
    const retry = () => {
      forgetFailure();
      setAttempt((attempt) => attempt + 1);
    };
    return (
      <LoadErrorBoundary onRetry={retry}>
        <Current {...props} />
      </LoadErrorBoundary>
    );
  }

  const preload = () => {
    const attempt = loadOnce();
    return attempt.then(
      () => undefined,
      (error: unknown) => {
        // The next load downloads again: a first render, a later preload (a render that already failed has RETRY).
        if (loading === attempt) loading = undefined;
        throw error;
      },
    );
  };
  return Object.assign(Retryable, { preload });
}
