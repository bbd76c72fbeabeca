import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUCCESS_DIALOG_MS, SuccessDialog } from '../../../src/shared/ui/SuccessDialog';

/** A form whose Save opens the modal; `closesForm`: the form (and its Save) goes away as it opens, as a saved form does. */
function SavedForm({ closesForm = false, onClosed = () => undefined }: { closesForm?: boolean; onClosed?(): void }) {
  const [saved, setSaved] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      {!(closesForm && saved) && <button onClick={() => setSaved(true)}>Save</button>}
      <button ref={addButton}>Add New Employee</button>
      {saved && (
        <SuccessDialog
          title="Employee added successfully!"
          help="The role will be assigned once the employee accepts the invitation."
          onClose={() => (setSaved(false), onClosed())}
          returnFocusTo={() => addButton.current}
        />
      )}
    </>
  );
}

const save = () => {
  const button = screen.getByRole('button', { name: 'Save' });
  button.focus();
  fireEvent.click(button);
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SuccessDialog', () => {
  it('closes itself after 3 seconds, not before', () => {
    const onClosed = vi.fn();
    render(<SavedForm onClosed={onClosed} />);
    save();
    expect(screen.getByRole('dialog', { name: 'Employee added successfully!' })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(SUCCESS_DIALOG_MS - 1));
    expect(screen.getByRole('dialog', { name: 'Employee added successfully!' })).toBeVisible();
    expect(onClosed).not.toHaveBeenCalled();
    // At 3 s it fades out (MUI's leaving transition), then says it has closed.
    act(() => void vi.advanceTimersByTime(1));
    act(() => void vi.runOnlyPendingTimers());
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(SUCCESS_DIALOG_MS).toBe(3000);
  });

  it('keeps its one timer when its parent renders it again with a new onClose', () => {
    const onClose = vi.fn();
    const view = render(<SuccessDialog title="Employee updated successfully!" onClose={() => onClose('first')} />);
    act(() => void vi.advanceTimersByTime(2000));
    view.rerender(<SuccessDialog title="Employee updated successfully!" onClose={() => onClose('second')} />);
    act(() => void vi.advanceTimersByTime(1000));
    act(() => void vi.runOnlyPendingTimers());
    expect(onClose).toHaveBeenCalledExactlyOnceWith('second');
  });

  it('tells a screen reader its title, its help and that it closes itself, and is 450 px wide', () => {
    render(<SavedForm />);
    save();
    const dialog = screen.getByRole('dialog', { name: 'Employee added successfully!' });
    expect(dialog).toHaveAccessibleDescription('The role will be assigned once the employee accepts the invitation. This message closes by itself in 3 seconds.');
    expect(getComputedStyle(dialog).width).toBe('450px');
  });

  it('takes focus while open and gives it back to the control that opened it', () => {
    render(<SavedForm />);
    save();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    act(() => void vi.advanceTimersByTime(SUCCESS_DIALOG_MS));
    act(() => void vi.runOnlyPendingTimers());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('gives focus to returnFocusTo when the control that opened it went away with its form, and closes on Escape', () => {
    render(<SavedForm closesForm />);
    save();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    act(() => void vi.runOnlyPendingTimers());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Employee' })).toHaveFocus();
  });
});
