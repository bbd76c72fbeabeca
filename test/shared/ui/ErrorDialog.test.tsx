import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorDialog } from '../../../src/shared/ui/ErrorDialog';

describe('ErrorDialog', () => {
  it('shows a "!" and the message, read at once as an alert dialog, with focus on its button, which closes it', async () => {
    const onClose = vi.fn();
    render(<ErrorDialog message="Move the role's employees to another role before deleting it." onClose={onClose} />);
    const dialog = screen.getByRole('alertdialog', { name: "Move the role's employees to another role before deleting it." });
    expect(within(dialog).getByText('!')).toBeInTheDocument();
    const ok = within(dialog).getByRole('button', { name: 'Ok, got it!' });
    expect(ok).toHaveFocus();
    await userEvent.setup().click(ok);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows each of several messages on a line of its own', async () => {
    render(<ErrorDialog message={['Name should contain only alphabets', 'This e-mail is already invited or a member of the team']} onClose={() => undefined} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Name should contain only alphabets This e-mail is already invited or a member of the team' });
    expect(within(dialog).getByText('Name should contain only alphabets').tagName).toBe('P');
  });
});
