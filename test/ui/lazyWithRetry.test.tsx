import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../ui/chunkLoad';
import { pageReload } from '../../ui/LoadErrorBoundary';
import { lazyWithRetry } from '../../ui/lazyWithRetry';

beforeEach(() => {
  // React reports each failure it shows in a boundary on the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The boundary of the page around the lazy one, showing what reached it. */
class Outer extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>outer: {this.state.error.message}</p> : this.props.children;
  }
}

function Screen({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

/** A phone's network for one lazy module: each download waits until the test answers it. */
function network() {
  const downloads: Array<{ arrive(): void; fail(): void }> = [];
  const load = vi.fn(
    () =>
      new Promise<{ default: ComponentType<{ name: string }> }>((resolve, reject) => {
        downloads.push({ arrive: () => resolve({ default: Screen }), fail: () => reject(new TypeError('Failed to fetch dynamically imported module')) });
      }),
  );
  return { load, downloads };
}

function renderLazy(load: () => Promise<{ default: ComponentType<{ name: string }> }>) {
  const Lazy = lazyWithRetry(load);
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Lazy name="Bank details" />
    </Suspense>,
  );
  return Lazy;
}

const MESSAGE = 'This part of the page did not load. Check your internet connection, then tap RETRY.';

describe('lazyWithRetry()', () => {
  it('shows what happened and RETRY when the download of a screen fails', async () => {
    const { load, downloads } = network();
    renderLazy(load);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => downloads[0]!.fail());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGE);
    expect(screen.getByRole('button', { name: 'RETRY' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('downloads the screen again on RETRY and shows it once the network is back', async () => {
    const { load, downloads } = network();
    renderLazy(load);
    await act(async () => downloads[0]!.fail());
    await userEvent.click(await screen.findByRole('button', { name: 'RETRY' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => downloads[1]!.arrive());
    expect(await screen.findByRole('heading', { name: 'Bank details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'RETRY' })).toBeNull();
  });

  it('counts a download that has not arrived after 120 seconds as failed, with RETRY', async () => {
    vi.useFakeTimers();
    const { load, downloads } = network();
    renderLazy(load);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    await act(() => vi.advanceTimersByTimeAsync(119_999));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGE);
    // The answer that finally comes does not matter: RETRY downloads again.
    act(() => screen.getByRole('button', { name: 'RETRY' }).click());
    await act(async () => downloads[1]!.arrive());
    expect(screen.getByRole('heading', { name: 'Bank details' })).toBeInTheDocument();
  });

  it('downloads again on the first render when a preload failed before it', async () => {
    const { load, downloads } = network();
    const Lazy = lazyWithRetry(load);
    const preloaded = Lazy.preload();
    downloads[0]!.fail();
    await expect(preloaded).rejects.toThrow('Failed to fetch');
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy name="Bank details" />
      </Suspense>,
    );
    await act(async () => downloads[1]!.arrive());
    expect(await screen.findByRole('heading', { name: 'Bank details' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('passes an error that is not a failed download on to the boundary above', async () => {
    function Broken(): never {
      throw new Error('a bug, not the network');
    }
    const Lazy = lazyWithRetry(() => Promise.resolve({ default: Broken }));
    render(
      <Outer>
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </Outer>,
    );
    expect(await screen.findByText('outer: a bug, not the network')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'RETRY' })).toBeNull();
  });

  it('reloads the page when RETRY is refused at once (the browser keeps a failed import for the page), not when a new download fails later', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const { load, downloads } = network();
    renderLazy(load);
    await act(async () => downloads[0]!.fail());
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'RETRY' }));
    await act(async () => downloads[1]!.fail());
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
