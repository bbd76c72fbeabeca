import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DelayedLoader, LOADER_DELAY_MS } from '../../../src/shared/ui/DelayedLoader';

afterEach(() => {
  vi.useRealTimers();
});

describe('DelayedLoader', () => {
  it('shows nothing for the first 300 ms of a lazy screen, then the loader', () => {
    vi.useFakeTimers();
    render(<DelayedLoader />);
    expect(LOADER_DELAY_MS).toBe(300);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
