import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextInput } from '../../ui/TextInput';

const LONG_NAME = 'NIMBUS CLOUD KITCHEN TECHNOLOGIES PRIVATE LIMITED';

describe('TextInput', () => {
  it('shows a long read-only value whole, wrapping over lines, still labelled and described', () => {
    render(<TextInput id="name" label="Company PAN Name" value={LONG_NAME} disabled inputProps={{ 'aria-describedby': 'name-help' }} />);
    const field = screen.getByRole('textbox', { name: 'Company PAN Name' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveValue(LONG_NAME);
    expect(field).toBeDisabled();
    expect(field).toHaveAttribute('aria-describedby', 'name-help');
    expect(Number(field.getAttribute('rows'))).toBeGreaterThan(1);
  });

  it('keeps a one-line input for a short read-only value and for anything the merchant types', () => {
    const { rerender } = render(<TextInput id="name" label="Trade Name" value="GUPTA AND SONS" disabled />);
    expect(screen.getByRole('textbox', { name: 'Trade Name' }).tagName).toBe('INPUT');
    rerender(<TextInput id="name" label="Trade Name" value={LONG_NAME} onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Trade Name' }).tagName).toBe('INPUT');
  });
});
