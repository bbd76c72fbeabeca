import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBox } from '../../renderer/ErrorBox';

describe('ErrorBox', () => {
  it('lists every problem under "Oh no!"', () => {
    render(<ErrorBox messages={['Pan not valid', 'Some error occurred. Please try again later']} />);

    const box = screen.getByRole('alert');
    expect(within(box).getByText('Oh no!')).toBeInTheDocument();
    expect(within(box).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Pan not valid',
      'Some error occurred. Please try again later',
    ]);
  });

  it('shows the request id under the text, on a line of its own', () => {
    render(<ErrorBox messages={['Some error occured. Please try again later.']} reference="3f9a1c0b7d2e" />);

    const box = screen.getByRole('alert');
    expect(within(box).getByText('Some error occured. Please try again later.')).toBeInTheDocument();
    expect(within(box).getByText('Reference: 3f9a1c0b7d2e').tagName).toBe('P');
  });

  it('shows nothing when there is no problem', () => {
    render(<ErrorBox messages={[]} onClose={() => undefined} />);

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('calls onClose from its Close button', async () => {
    const onClose = vi.fn();
    render(<ErrorBox messages={['Pan not valid']} onClose={onClose} />);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('speaks the language of its catalogue', () => {
    render(<ErrorBox messages={['x']} onClose={() => undefined} catalogue={{ 'error.box.title': 'अरे!', 'error.box.close': 'बंद करें' }} />);

    expect(screen.getByRole('alert')).toHaveTextContent('अरे!');
    expect(screen.getByRole('button', { name: 'बंद करें' })).toBeInTheDocument();
  });
});
