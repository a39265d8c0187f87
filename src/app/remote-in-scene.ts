// The TV remote's navigation (docs/decisions/024) serves the set-top-box scene only, so it is a
// chunk of its own, loaded with that scene (docs/decisions/062, amended 2026-11-27): before the
// first render of a page opened in it (src/app/start-up.ts), named in the server's HTML when the
// address says STB, and at once when a later address switches the scene. Other pages never load it.
import type { SessionStore } from '../../core/session/store';
import type * as remoteNavigation from './remote-navigation';

type RemoteNavigation = typeof remoteNavigation;
let loading: Promise<RemoteNavigation> | undefined;

/** The remote's navigation, loaded once; a failed download is tried again on the next call. */
export function loadRemoteNavigation(): Promise<RemoteNavigation> {
  loading ??= import('./remote-navigation').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Arrows move focus while the stored scene is STB: installed as soon as it is, and kept. */
export function remoteNavigationInScene(doc: Document, store: SessionStore): () => void {
  const inStb = () => store.get('scene') === 'STB';
  let uninstall: (() => void) | undefined;
  let stopped = false;
  const follow = () => {
    if (uninstall || !inStb()) return;
    loadRemoteNavigation().then(
      ({ installRemoteNavigation }) => {
        if (!stopped && !uninstall) uninstall = installRemoteNavigation(doc, inStb);
      },
      // Without its code the page still works with a pointer; the next change of scene tries again.
      () => undefined,
    );
  };
  follow();
  const unsubscribe = store.subscribe((key) => {
    if (key === 'scene' || key === null) follow();
  });
  return () => {
    stopped = true;
    unsubscribe();
    uninstall?.();
  };
}
