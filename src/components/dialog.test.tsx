// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

afterEach(() => cleanup());

function Page({ initialFocus }: { initialFocus?: 'first' | 'dialog' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && (
        <Dialog labelledBy="t" initialFocus={initialFocus} onEscape={() => setOpen(false)}>
          <h2 id="t">title</h2>
          <input aria-label="code" />
          <button type="button" onClick={() => setOpen(false)}>
            close
          </button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('takes focus, keeps Tab inside, closes on Escape and gives focus back', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    const input = screen.getByLabelText('code');
    expect(document.activeElement).toBe(input);
    const close = screen.getByRole('button', { name: 'close' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('a confirmation can open with the dialog itself focused, so its text is read first', () => {
    render(<Page initialFocus="dialog" />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
  });
});
