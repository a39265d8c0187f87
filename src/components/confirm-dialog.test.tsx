// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(() => cleanup());

const labels = { id: 'c', title: 'Sign out?', confirmLabel: 'Sign out', cancelLabel: 'Cancel', busyText: 'Signing out…' };

describe('ConfirmDialog', () => {
  it('is an alertdialog named and described by its text, focused itself so that text is read first', () => {
    render(<ConfirmDialog {...labels} text="That device logs in again." busy={false} onConfirm={() => {}} onCancel={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out?', description: 'That device logs in again.' });
    expect(document.activeElement).toBe(dialog);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('confirms and cancels by its buttons, and Escape cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog {...labels} text="t" busy={false} onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while busy, says so and neither button nor Escape does anything', () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog {...labels} text="t" busy onConfirm={() => {}} onCancel={onCancel} />);
    expect(screen.getByRole('alertdialog').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Signing out…');
    for (const name of ['Sign out', 'Cancel']) expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('with fields, is a form: its first field takes focus and submitting confirms', () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        {...labels}
        text={<p>Long text</p>}
        fields={<input aria-label="Your password" />}
        danger
        busy={false}
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    const field = screen.getByLabelText('Your password');
    expect(document.activeElement).toBe(field);
    expect(screen.getByRole('alertdialog', { description: 'Long text' })).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Sign out' });
    expect(confirm.getAttribute('type')).toBe('submit');
    expect(confirm.className).toBe('button button-danger');
    fireEvent.submit(field.closest('form')!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
