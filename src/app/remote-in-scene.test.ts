// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../core/session/store';
import { loadRemoteNavigation, remoteNavigationInScene } from './remote-in-scene';

// jsdom lays nothing out: every control gets the same box, one under the other by index.
function twoButtons() {
  document.body.replaceChildren();
  const buttons = ['A', 'B'].map((label) => document.body.appendChild(Object.assign(document.createElement('button'), { textContent: label })));
  buttons.forEach((button, i) => {
    button.getClientRects = () => [{}] as unknown as DOMRectList;
    button.getBoundingClientRect = () => ({ left: 0, right: 100, top: i * 50, bottom: i * 50 + 40 }) as DOMRect;
  });
  buttons[0]!.focus();
  return buttons;
}
const press = (key: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  localStorage.clear();
});

describe('the remote navigation follows the scene (docs/decisions/024, 062)', () => {
  it('is not installed outside the set-top-box scene', async () => {
    const store = createSessionStore(localStorage);
    const [a] = twoButtons();
    stop = remoteNavigationInScene(document, store);
    await loadRemoteNavigation();
    press('ArrowDown');
    expect(document.activeElement).toBe(a);
  });

  it('moves focus in the STB scene, and from the moment the scene becomes STB', async () => {
    const store = createSessionStore(localStorage);
    const [a, b] = twoButtons();
    stop = remoteNavigationInScene(document, store);
    store.set('scene', 'STB');
    await vi.waitFor(() => {
      a!.focus();
      press('ArrowDown');
      expect(document.activeElement).toBe(b);
    });
    stop();
    stop = undefined;
    a!.focus();
    press('ArrowDown');
    expect(document.activeElement).toBe(a);
  });
});
