import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppServices } from './app/services';
import { startFirstScreen } from './app/start-up';
import { keepSignedInHint } from '../core/session/signed-in-hint';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// A task of its own, after the modules' evaluation: on a slow phone the two together held the
// main thread for well over 50 ms. The services and the first screen's start each take another.
setTimeout(() => {
  const services = createAppServices(window);
  // Tells the server whether to draw the next page's signed-in frame (docs/decisions/034).
  keepSignedInHint(document, services.store);
  setTimeout(() => {
    // The first render waits for the first screen's code and messages, so it draws the page in one
    // commit (a screen that suspended would be revealed up to 300 ms later, React's fallback
    // throttle). As a transition, React renders it in slices instead of one long task.
    // No StrictMode: its rehearsed unmount stops the flows' actors and revives them, and the abort of
    // a call they had started then reaches the revived machine as that call's failure; development
    // pages failed where the production build works (docs/decisions/063).
    void startFirstScreen(services, window.location, navigator.languages).then(() =>
      startTransition(() => createRoot(root).render(<App services={services} />)),
    );
  });
});
