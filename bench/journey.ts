/**
 * The customer's way through the portal on a slow device (docs/performance.md, docs/decisions/062):
 * from opening /pricing-table to the paid result by card, choosing the monthly plan, logging in with
 * the demo account and paying, timed screen by screen in Chromium under throttling applied through
 * the DevTools protocol. Each run is a first visit: a fresh browser context (no cache, no session).
 *
 * A screen is *usable* when its control for the next step is on screen, enabled and handled by the
 * app (React has attached its handlers: the server-drawn first screens show the control before
 * that), at the first frame where all of that holds. The time runs from the navigation's start for
 * the first screen, and from the click (or Enter) that left the previous screen for the others.
 *
 * On the phone profile the same run also measures interaction to next paint (the Event Timing API,
 * as the `web-vitals` library reads it) for three interactions on /payment: applying a discount
 * code, switching the method to PIX and back, and the click on Pay.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { demoAccount } from '../server/db/demo-content';
import { exact as exactly, shaped, text } from './session';

export interface Profile {
  name: string;
  /** Chromium's CPU slowdown (Emulation.setCPUThrottlingRate). */
  cpu: number;
  /** Lighthouse's slow 4G as DevTools applies it (latency per request, throughput in kbit/s); none for a wired box. */
  network?: { latencyMs: number; downKbps: number; upKbps: number };
  /** Drive the screens with the keys a TV remote sends (arrows, Enter) instead of clicks. */
  remote: boolean;
  /** Query that opens the portal in this profile's scene. */
  scene: string;
}

/** Lighthouse's mobile preset, applied by DevTools: 4× CPU and its slow 4G (562.5 ms, 1.4 Mbit/s down). */
export const phone: Profile = { name: 'phone', cpu: 4, network: { latencyMs: 562.5, downKbps: 1474.56, upKbps: 675 }, remote: false, scene: 'releaseId=WEB' };
/** The set-top-box profile of docs/performance.md (6× CPU), on a wired line, with the remote. */
export const tv: Profile = { name: 'tv', cpu: 6, remote: true, scene: 'releaseId=STB' };

export interface ScreenTime {
  screen: string;
  usableMs: number;
}

export interface Interaction {
  name: string;
  /** The longest event duration of the interaction (input delay + processing + presentation); 0 when every event took under 16 ms (the API's threshold). */
  inpMs: number;
}

export interface JourneyRun {
  screens: ScreenTime[];
  interactions: Interaction[];
}

// Functions handed to the page run there: no named inner functions (tsx would wrap them in a
// __name() helper the page does not have), and no strings either, which the portal's CSP would
// refuse to evaluate (script-src 'self').

/**
 * The epoch time of the first frame at which an element matching `selector` whose text matches
 * `source` is visible, enabled and React-owned; false before.
 */
const usableNow = ({ selector, source }: { selector: string; source: string }) => {
  const pattern = new RegExp(source);
  const el = [...document.querySelectorAll(selector)].find((e) => pattern.test((e.textContent || e.getAttribute('aria-label') || '').trim()));
  if (!el || (el as HTMLButtonElement).disabled || el.getBoundingClientRect().height === 0) return false;
  if (!Object.keys(el).some((k) => k.startsWith('__reactFiber'))) return false;
  return performance.timeOrigin + performance.now();
};

/** Records, in the page and across reloads, when the next click or Enter happens (epoch ms). */
const stampNextAction = `(() => {
  const stamp = () => sessionStorage.setItem('bench.actionAt', String(performance.timeOrigin + performance.now()));
  addEventListener('click', stamp, { capture: true, once: true });
  addEventListener('keydown', (e) => { if (e.key === 'Enter') stamp(); }, { capture: true });
})()`;

/** Collects Event Timing entries with their interaction ids, and labels them by the action running when they began. */
const observeInteractions = `(() => {
  const w = window;
  w.__benchEvents = [];
  w.__benchLabels = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) w.__benchEvents.push({ id: e.interactionId, start: e.startTime, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})()`;

async function usableAt(page: Page, selector: string, pattern: RegExp, what: string): Promise<number> {
  try {
    const handle = await page.waitForFunction(usableNow, { selector, source: pattern.source }, { polling: 'raf', timeout: 60_000 });
    return (await handle.jsonValue()) as number;
  } catch {
    throw new Error(`${what} was not usable within 60 s (on ${page.url()})`);
  }
}

const actionAt = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('bench.actionAt')));

/**
 * Moves focus to `target` as a person with a remote does: the arrow that points from the focused
 * control towards it, until it has focus (e2e/remote.spec.ts walks the same way). In a text field
 * left and right first move the caret to the field's end, then leave it (src/app/remote-navigation.ts).
 */
async function arrowTo(page: Page, selector: string, pattern: RegExp, max = 60) {
  const visited: string[] = [];
  for (let i = 0; i < max; i++) {
    const where = await page.evaluate(
      ({ selector, source }) => {
        const re = new RegExp(source);
        const el = [...document.querySelectorAll(selector)].find((e) => re.test((e.textContent || e.getAttribute('aria-label') || '').trim()));
        if (!el) return null;
        if (el === document.activeElement) return 'focused';
        const to = el.getBoundingClientRect();
        const active = document.activeElement;
        if (!active || active === document.body) return 'ArrowDown';
        const from = active.getBoundingClientRect();
        const dx = to.x + to.width / 2 - (from.x + from.width / 2);
        const dy = to.y + to.height / 2 - (from.y + from.height / 2);
        // Another row: up or down first; on the same row, towards it.
        const sameRow = to.bottom > from.top + 1 && to.top < from.bottom - 1;
        if (!sameRow || Math.abs(dy) >= Math.abs(dx)) return dy >= 0 ? 'ArrowDown' : 'ArrowUp';
        return dx > 0 ? 'ArrowRight' : 'ArrowLeft';
      },
      { selector, source: pattern.source },
    );
    if (where === 'focused') return;
    if (where === null) throw new Error(`no ${pattern} (${selector}) on ${page.url()}`);
    await page.keyboard.press(where);
    visited.push(
      `${where} ${await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return `${el?.tagName}#${el?.id} "${(el?.value ?? el?.textContent ?? '').slice(0, 24)}"`;
      })}`,
    );
  }
  throw new Error(`the remote did not reach ${pattern} within ${max} presses on ${page.url()}: ${visited.join(' → ')}`);
}

/** Activates a control: a click on the phone, the remote's arrows and OK on the TV. */
async function activate(page: Page, profile: Profile, selector: string, pattern: RegExp) {
  await page.evaluate(stampNextAction);
  if (profile.remote) {
    await arrowTo(page, selector, pattern);
    await page.keyboard.press('Enter');
  } else {
    await page.locator(selector).filter({ hasText: pattern }).first().click();
  }
}

/** Types into a field: a click and typing on the phone; the remote's arrows to it, then the keys. */
async function fill(page: Page, profile: Profile, label: string, value: string) {
  const field = page.getByLabel(exactly(label));
  if (profile.remote) {
    await field.evaluate((el) => el.setAttribute('data-bench-target', ''));
    await arrowTo(page, '[data-bench-target]', /.*/);
    await field.evaluate((el) => el.removeAttribute('data-bench-target'));
    await page.keyboard.type(value);
  } else {
    await field.fill(value);
  }
}

async function throttle(context: BrowserContext, page: Page, profile: Profile) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  if (profile.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.network.latencyMs,
      downloadThroughput: (profile.network.downKbps * 1024) / 8,
      uploadThroughput: (profile.network.upKbps * 1024) / 8,
    });
  }
}

const testCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', holder: 'ANA SOUZA' };

/** INP of each labelled interaction: the longest duration among the events that began after its action. */
async function interactionsOf(page: Page, labels: { name: string; at: number }[]): Promise<Interaction[]> {
  const events = await page.evaluate(() => (window as unknown as { __benchEvents: { id: number; start: number; duration: number }[] }).__benchEvents);
  return labels.map((label, i) => {
    const until = labels[i + 1]?.at ?? Infinity;
    const own = events.filter((e) => e.start >= label.at - 1 && e.start < until);
    return { name: label.name, inpMs: own.length ? Math.max(...own.map((e) => e.duration)) : 0 };
  });
}

/**
 * Clicks a radio and waits until the page shows it checked (React controls it, a frame or more
 * later) and the price is computed again: a click during the recomputation is not taken.
 */
async function pickRadio(page: Page, radio: Locator) {
  await radio.click();
  await page.getByText(exactly(text('payment.applying'))).waitFor({ state: 'detached' });
  await radio.and(page.locator(':checked')).waitFor({ state: 'attached' });
}

const now = (page: Page) => page.evaluate(() => performance.now());

const contextFor = (browser: Browser, profile: Profile) =>
  browser.newContext({
    locale: 'pt-BR',
    ...(profile.remote ? { viewport: { width: 1280, height: 720 } } : { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true }),
  });

/**
 * How a customer goes through the screens: `thinkMs` on each screen once it is usable, reading it
 * and moving to what they will press, before acting (the typing itself is instant here). 0 is a
 * customer who acts the moment a screen can take it, which no person does; what a page does in
 * the meantime (the next screen's download, docs/decisions/064) is real work a real customer's
 * pause allows.
 */
export interface Pace {
  thinkMs: number;
}

/** One journey: /pricing-table → choose the monthly plan → log in → pay by card → paid result. */
export async function runJourney(browser: Browser, base: string, profile: Profile, { thinkMs }: Pace): Promise<JourneyRun> {
  const context = await contextFor(browser, profile);
  try {
    const page = await context.newPage();
    await throttle(context, page, profile);
    const screens: ScreenTime[] = [];
    // A pause of a person's, not a wait for the page: the time is the measure's own setting.
    const think = () => (thinkMs > 0 ? page.waitForTimeout(thinkMs) : Promise.resolve());

    await page.goto(`${base}/pricing-table?${profile.scene}`, { waitUntil: 'commit' });
    const choose = exactly(text('pricing.choose'));
    const pricingUsable = await usableAt(page, 'a, button', choose, 'the pricing table');
    screens.push({ screen: '/pricing-table', usableMs: pricingUsable - (await page.evaluate(() => performance.timeOrigin)) });

    await think();
    await activate(page, profile, 'a, button', choose);
    const submit = exactly(text('login.submit'));
    const loginUsable = await usableAt(page, 'button', submit, 'the log-in page');
    screens.push({ screen: '/login', usableMs: loginUsable - (await actionAt(page)) });

    await think();
    await fill(page, profile, text('login.account'), demoAccount.email);
    await fill(page, profile, text('login.password'), demoAccount.password);
    await activate(page, profile, 'button', submit);
    const pay = shaped(text('payment.payAmount'));
    const paymentUsable = await usableAt(page, 'button', pay, 'the payment page');
    screens.push({ screen: '/payment', usableMs: paymentUsable - (await actionAt(page)) });

    await think();
    const labels: { name: string; at: number }[] = [];
    if (!profile.remote) {
      await page.evaluate(observeInteractions);
      await fill(page, profile, text('payment.code'), 'BEMVINDO10');
      labels.push({ name: 'apply a discount code', at: await now(page) });
      await page.getByRole('button', { name: exactly(text('payment.apply')) }).click();
      await page.getByRole('button', { name: exactly(text('payment.remove')) }).waitFor();
      labels.push({ name: 'switch the method to PIX', at: await now(page) });
      await pickRadio(page, page.getByRole('radio', { name: 'PIX', exact: true }));
      labels.push({ name: 'switch the method back to card', at: await now(page) });
      await pickRadio(page, page.getByRole('radio', { name: exactly(text('receipt.method.card')) }));
      await page.getByLabel(exactly(text('payment.card.number'))).waitFor();
    }
    await fill(page, profile, text('payment.card.number'), testCard.number);
    await fill(page, profile, text('payment.card.expiry'), testCard.expiry);
    await fill(page, profile, text('payment.card.cvc'), testCard.cvc);
    await fill(page, profile, text('payment.card.holder'), testCard.holder);
    if (!profile.remote) labels.push({ name: 'click on Pay', at: await now(page) });
    await activate(page, profile, 'button', pay);
    const paid = await page
      .waitForFunction(() => (document.querySelector('[data-status="PAYMENT_SUCCEEDED"] h1') ? performance.timeOrigin + performance.now() : false), undefined, {
        polling: 'raf',
        timeout: 60_000,
      })
      .then((h) => h.jsonValue() as Promise<number>);
    screens.push({ screen: '/paymentResult', usableMs: paid - (await actionAt(page)) });

    // An interaction's entry is queued after its next paint, long before the paid result's
    // frames; one more frame and task let the observer's callback run.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    const interactions = profile.remote ? [] : await interactionsOf(page, labels);
    return { screens, interactions };
  } finally {
    await context.close();
  }
}

/**
 * The design-card floor page (bench/card-floor: the card's libraries drawing the same three plan
 * cards) on the same profile: from its navigation until its first plan's link is React-owned. The
 * least any page built on the card can take on this network, beside /pricing-table's figure.
 */
export async function floorUsable(browser: Browser, floorUrl: string, profile: Profile): Promise<number> {
  const context = await contextFor(browser, profile);
  try {
    const page = await context.newPage();
    await throttle(context, page, profile);
    await page.goto(`${floorUrl}/`, { waitUntil: 'commit' });
    const usable = await usableAt(page, 'a', /./, 'the design-card floor page');
    return usable - (await page.evaluate(() => performance.timeOrigin));
  } finally {
    await context.close();
  }
}
