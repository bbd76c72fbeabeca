import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileDrop } from '../../../src/features/documents/FileDrop';

function renderDrop() {
  const upload = vi.fn(async () => undefined);
  render(<FileDrop label="PAN CARD" maxMb={5} held={null} upload={upload} />);
  return { upload, user: userEvent.setup({ applyAccept: false }) };
}

describe('FileDrop', () => {
  it("refuses a file of another type before sending it, in the spec's words", async () => {
    const { upload, user } = renderDrop();
    await user.upload(screen.getByLabelText('PAN CARD'), new File(['text'], 'pan.docx'));
    expect(await screen.findByText('Error: only PDF, PNG and JPG files are allowed')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it("refuses a file at or over the category's limit before sending it, in the spec's words", async () => {
    const { upload, user } = renderDrop();
    await user.upload(screen.getByLabelText('PAN CARD'), new File([new Uint8Array(5 * 1024 * 1024)], 'pan.pdf'));
    expect(await screen.findByText('Error: File size exceeded, should be less than 5MB')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });
});
