// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installRemoteNavigation, nearestInDirection, type Box } from './remote-navigation';

const box = (left: number, top: number, width = 100, height = 40): Box => ({ left, top, right: left + width, bottom: top + height });

describe('remote navigation geometry', () => {
  // A form column: three fields, then two buttons side by side.
  const account = box(0, 0, 300);
  const password = box(0, 60, 300);
  const submit = box(0, 120, 140);
  const cancel = box(160, 120, 140);
  const all = [account, password, submit, cancel];

  it('down goes to the control straight below, up comes back', () => {
    expect(all[nearestInDirection(account, all, 'down')]).toBe(password);
    expect(all[nearestInDirection(password, all, 'down')]).toBe(submit);
    expect(all[nearestInDirection(cancel, all, 'up')]).toBe(password);
  });

  it('right and left move along a row', () => {
    expect(all[nearestInDirection(submit, all, 'right')]).toBe(cancel);
    expect(all[nearestInDirection(cancel, all, 'left')]).toBe(submit);
  });

  it('nothing beyond the edge', () => {
    expect(nearestInDirection(account, all, 'up')).toBe(-1);
    expect(nearestInDirection(cancel, all, 'right')).toBe(-1);
  });

  it('right keeps to the row: the button at its end before a wide control below', () => {
    // The compact header (docs/decisions/045): the brand, the menu button at the far end, the banner under both.
    const brand = box(48, 12, 168, 40);
    const menuButton = box(868, 10, 44, 44);
    const banner = box(48, 150, 864, 216);
    expect(nearestInDirection(brand, [banner, menuButton], 'right')).toBe(1);
    expect(nearestInDirection(menuButton, [banner, brand], 'left')).toBe(1);
    expect(nearestInDirection(brand, [banner], 'right')).toBe(0);
  });

  it('prefers the control ahead over a nearer one far to the side', () => {
    const from = box(0, 0);
    const ahead = box(0, 200);
    const aside = box(600, 50);
    expect(nearestInDirection(from, [aside, ahead], 'down')).toBe(1);
  });
});

describe('a select and a choice with the remote', () => {
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    document.body.replaceChildren();
  });
  /** Appends `tag` with `attributes` and `children` to `parent`. */
  const add = <K extends keyof HTMLElementTagNameMap>(parent: Element, tag: K, attributes: Record<string, string> = {}, text = '') => {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    el.textContent = text;
    parent.append(el);
    return el;
  };
  const press = (key: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

  function languageSelect() {
    const select = add(document.body, 'select');
    add(select, 'option', { value: 'pt' }, 'Português');
    add(select, 'option', { value: 'en' }, 'English');
    add(select, 'option', { value: 'es', disabled: '' }, 'Español');
    add(select, 'option', { value: 'ru' }, 'Русский');
    const changes = vi.fn();
    select.addEventListener('change', () => changes(select.value));
    uninstall = installRemoteNavigation(document, () => true);
    select.focus();
    return { select, changes };
  }

  it('passing over a select does not change it', () => {
    const { select, changes } = languageSelect();
    expect(press('ArrowDown')).toBe(false);
    expect(press('ArrowUp')).toBe(false);
    expect(select.value).toBe('pt');
    expect(changes).not.toHaveBeenCalled();
  });

  it('Enter opens it, arrows move through its enabled options, Enter picks and announces once', () => {
    const { select, changes } = languageSelect();
    press('Enter');
    expect(select.getAttribute('aria-expanded')).toBe('true');
    press('ArrowDown');
    press('ArrowDown');
    expect(select.value).toBe('ru');
    press('ArrowDown');
    expect(select.value).toBe('ru');
    expect(changes).not.toHaveBeenCalled();
    press('Enter');
    expect(changes).toHaveBeenCalledExactlyOnceWith('ru');
    expect(select.getAttribute('aria-expanded')).toBe('false');
    expect(select.hasAttribute('data-remote-choosing')).toBe(false);
  });

  it('Back leaves it as it was, and so does leaving it', () => {
    const { select, changes } = languageSelect();
    press('Enter');
    press('ArrowDown');
    press('GoBack');
    expect(select.value).toBe('pt');
    press('Enter');
    press('ArrowDown');
    select.blur();
    expect(select.value).toBe('pt');
    expect(changes).not.toHaveBeenCalled();
  });

  it('Enter picks a radio or ticks a box instead of sending the form', () => {
    const form = add(document.body, 'form');
    const radio = add(form, 'input', { type: 'radio', name: 'm', value: 'a' });
    const box = add(form, 'input', { type: 'checkbox' });
    add(form, 'button', {}, 'Pay');
    const submitted = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submitted);
    uninstall = installRemoteNavigation(document, () => true);
    radio.focus();
    expect(press('Enter')).toBe(false);
    box.focus();
    press('Enter');
    expect(radio.checked).toBe(true);
    expect(box.checked).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('outside the set-top-box scene nothing changes', () => {
    const select = add(document.body, 'select');
    add(select, 'option', {}, 'a');
    add(select, 'option', {}, 'b');
    uninstall = installRemoteNavigation(document, () => false);
    select.focus();
    expect(press('Enter')).toBe(true);
    expect(select.hasAttribute('aria-expanded')).toBe(false);
  });
});
