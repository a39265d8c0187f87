// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installRemoteNavigation, keepsArrows, nearestInDirection, type Box } from './remote-navigation';

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

  it('down from a full-width field goes to the row of two fields under it, not past them', () => {
    // The card form: the number, then expiry and security code side by side, then the holder's name.
    const number = box(0, 0, 480);
    const expiry = box(0, 60, 235);
    const cvc = box(245, 60, 235);
    const holder = box(0, 120, 480);
    const card = [number, expiry, cvc, holder];
    expect(card[nearestInDirection(number, card, 'down')]).toBe(expiry);
    expect(card[nearestInDirection(holder, card, 'up')]).toBe(expiry);
    expect(card[nearestInDirection(cvc, card, 'down')]).toBe(holder);
    expect(card[nearestInDirection(cvc, card, 'up')]).toBe(number);
    // A small box under the name, then Pay: down from the name stops at the box.
    const save = box(0, 180, 16, 16);
    const pay = box(0, 220, 480);
    expect([save, pay][nearestInDirection(holder, [save, pay], 'down')]).toBe(save);
    expect([save, holder][nearestInDirection(pay, [save, holder], 'up')]).toBe(save);
  });

  it('above a wide banner, up goes to the control nearest its middle among those over it', () => {
    const brand = box(48, 12, 168, 40);
    const menuButton = box(868, 10, 44, 44);
    const banner = box(48, 150, 864, 216);
    expect(nearestInDirection(banner, [menuButton, brand], 'up')).toBe(1);
  });

  it('prefers the control ahead over a nearer one far to the side', () => {
    const from = box(0, 0);
    const ahead = box(0, 200);
    const aside = box(600, 50);
    expect(nearestInDirection(from, [aside, ahead], 'down')).toBe(1);
  });
});

describe('a text field with the remote', () => {
  const field = (type: string, value: string, caret: number) => {
    const input = document.createElement('input');
    input.type = type;
    input.value = value;
    document.body.append(input);
    if (type === 'text') input.setSelectionRange(caret, caret);
    return input;
  };
  afterEach(() => document.body.replaceChildren());

  it('left and right move the caret while it can move, and leave the field at its ends', () => {
    const middle = field('text', '12/3', 2);
    expect(keepsArrows(middle, 'left')).toBe(true);
    expect(keepsArrows(middle, 'right')).toBe(true);
    const atEnd = field('text', '12/30', 5);
    expect(keepsArrows(atEnd, 'right')).toBe(false);
    expect(keepsArrows(atEnd, 'left')).toBe(true);
    const atStart = field('text', '123', 0);
    expect(keepsArrows(atStart, 'left')).toBe(false);
    // An empty field (the expiry beside the security code) is left either way.
    const empty = field('text', '', 0);
    expect(keepsArrows(empty, 'left')).toBe(false);
    expect(keepsArrows(empty, 'right')).toBe(false);
  });

  it('up and down always leave; a field without a caret position keeps left and right', () => {
    expect(keepsArrows(field('text', 'abc', 1), 'down')).toBe(false);
    expect(keepsArrows(field('email', 'a@b.c', 0), 'right')).toBe(true);
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

  it('an open alert dialog (a confirmation) keeps the arrows inside it', () => {
    const placed = (el: HTMLElement, top: number) => {
      const rect = { left: 0, top, right: 100, bottom: top + 40, width: 100, height: 40, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
      el.getBoundingClientRect = () => rect;
      el.getClientRects = () => [rect] as unknown as DOMRectList;
      return el;
    };
    const dialog = add(document.body, 'div', { role: 'alertdialog', 'aria-modal': 'true' });
    const confirm = placed(add(dialog, 'button', {}, 'Sign out'), 0);
    const cancel = placed(add(dialog, 'button', {}, 'Cancel'), 60);
    placed(add(document.body, 'button', {}, 'Behind the dialog'), 120);
    uninstall = installRemoteNavigation(document, () => true);
    confirm.focus();
    press('ArrowDown');
    expect(document.activeElement).toBe(cancel);
    press('ArrowDown');
    expect(document.activeElement).toBe(cancel);
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
