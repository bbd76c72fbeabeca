import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ChunkLoadError } from './chunkLoad';
import { message } from '../schemas/messages';

/** A failure this soon after RETRY was not a new download: the browser answered from its memory of the failure. */
const RELOAD_IF_REFUSED_WITHIN_MS = 1_000;

/** Reloads the page (a seam for tests, which cannot reload jsdom's). */
export const pageReload = { reload: () => window.location.reload() };
const reloadPage = () => pageReload.reload();

interface LoadErrorBoundaryProps {
  /** Called by RETRY before the children render again: the failed load must be started afresh. */
  onRetry(): void;
  children: ReactNode;
}

/**
 * Shows, in place of children whose lazily loaded code did not arrive (a {@link ChunkLoadError}), what happened and a
 * RETRY button that loads it again. Any other error passes on to the boundary above: it is not a network failure.
 */
export class LoadErrorBoundary extends Component<LoadErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  /** When RETRY was last pressed (ms, performance.now()). */
  private retriedAt = Number.NEGATIVE_INFINITY;

  private retry = () => {
    this.retriedAt = performance.now();
    this.props.onRetry();
    this.setState({ error: null });
  };

  override componentDidCatch(error: unknown) {
    // A download refused again at once after RETRY while the phone is online: the browser keeps a failed module
    // import for the page's life (as Chromium and WebKit still do), so only a new page downloads it again. The page
    // reloads; drafts are kept. Offline, a reload would lose the page: the message stays.
    const online = typeof navigator === 'undefined' || navigator.onLine !== false;
    if (error instanceof ChunkLoadError && online && performance.now() - this.retriedAt < RELOAD_IF_REFUSED_WITHIN_MS) reloadPage();
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={this.retry} sx={{ minHeight: 44 }}>
            {message('common.retry')}
          </Button>
        }
        sx={{ alignItems: 'center' }}
      >
        {message('common.loadFailed')}
      </Alert>
    );
  }
}
