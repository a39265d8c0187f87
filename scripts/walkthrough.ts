/**
 * `npm run walkthrough [-- --out <dir>] [--port <n>] [--no-phone | --phone] [--keep]`: the acceptance
 * walk-through of the self-service flows, through the browser only, on a fresh `npm start`.
 * Starts the portal on its own port and a new data directory, drives a real Chromium through each
 * step in Portuguese (the demo account's language), saves full-page screenshots at 1280 px and
 * 375 px (`--no-phone`: 1280 only; `--phone`: the whole walk driven on a 375 px screen) into the
 * folder (default reports/walkthrough/<time>/, not committed) with the files the steps download,
 * prints one line per step, passed or failed, and writes summary.json there.
 * Exits 1 when a step failed. Not a test suite: `npm test` and `npm run test:e2e` leave it out.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumMissingMessage, findChromium } from './chromium';
import { renewAt, startPortal, type Portal, type PortalOptions } from './walkthrough-portal';
import { pixAutomaticoTwoCycles } from './walkthrough-pix';
import { runSteps, screenHeight, WIDTHS, type Step } from './walkthrough-run';
import { autoRenewalOff, deleteSecondAccount, downgradeAndUndo, downloadMyData, signOutOtherDevice, upgrade } from './walkthrough-steps';
import { withdrawalStep } from './walkthrough-withdrawal';

const root = path.resolve(import.meta.dirname, '..');

function option(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}
const flag = (name: string) => process.argv.slice(2).includes(`--${name}`);

const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const out = path.resolve(option('out') ?? path.join(root, 'reports', 'walkthrough', stamp));
const port = Number(option('port') ?? process.env.WALK_PORT ?? 8393);
const locale = 'pt-BR';
const executablePath = findChromium();
if (!executablePath) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}

const portalOptions: PortalOptions = {
  root,
  port,
  dataDir: path.join(root, '.tmp', `walkthrough-data-${port}`),
  logFile: path.join(out, 'portal.log'),
};
if (existsSync(portalOptions.dataDir)) rmSync(portalOptions.dataDir, { recursive: true, force: true });

console.log(`Starting the portal (npm start) on port ${port} with a fresh data directory…`);
let portal: Portal = await startPortal(portalOptions);
console.log(`Portal ready at ${portal.url} (pid ${portal.pid}); screenshots in ${out}`);

const browser = await chromium.launch({ executablePath, args: chromiumArgs });
// `--phone`: the whole walk driven on a phone's screen, pictured at its width only.
const widths = flag('phone') ? [WIDTHS.phone] : flag('no-phone') ? [WIDTHS.desktop] : [WIDTHS.desktop, WIDTHS.phone];
const viewport = { width: widths[0]!, height: screenHeight(widths[0]!) };
const context = await browser.newContext({ locale, baseURL: portal.url, viewport, acceptDownloads: true });
// Every toast any page shows, however briefly, reported on the console where the walk reads it.
await context.addInitScript(() => {
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node instanceof HTMLElement && node.classList.contains('toast')) console.info(`[toast ${node.className}] ${node.innerText.trim()}`);
  }).observe(document, { childList: true, subtree: true });
});
const page = await context.newPage();
const consoleErrors: string[] = [];
const seen: string[] = [];
page.on('console', (m) => {
  if (m.text().startsWith('[toast')) seen.push(`${new URL(page.url()).pathname}: ${m.text()}`);
  if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) {
    consoleErrors.push(`${page.url()}: ${m.text()}`);
    seen.push(`console error at ${page.url()}: ${m.text()}`);
  }
});
page.on('pageerror', (e) => {
  consoleErrors.push(`${page.url()}: ${e.message}`);
  seen.push(`page error at ${page.url()}: ${e.message}`);
});
// Every refusal or failure the first browser's API calls met, with the page that made them.
const refusals: string[] = [];
page.on('response', (res) => {
  if (!new URL(res.url()).pathname.startsWith('/api/')) return;
  void res
    .json()
    .then((body: { code?: number; errCode?: number; msg?: string }) => {
      if (res.status() >= 400 || (body.code !== undefined && body.code !== 0))
        refusals.push(
          `${new URL(page.url()).pathname}: ${res.request().method()} ${new URL(res.url()).pathname} → ${res.status()} ${JSON.stringify(body).slice(0, 200)}`,
        );
    })
    .catch(() => {
      if (res.status() >= 400)
        refusals.push(`${new URL(page.url()).pathname}: ${res.request().method()} ${new URL(res.url()).pathname} → ${res.status()} (no JSON)`);
    });
});

const steps: Step[] = [
  { title: 'Upgrade the demo account with the pro-rata quote, paid by card', run: upgrade },
  { title: 'Schedule a downgrade, see it on the account page, undo it', run: downgradeAndUndo },
  { title: 'Turn auto-renewal off: a reason, the retention offer declined, the end date', run: autoRenewalOff },
  { title: 'Renew by PIX Automático across two cycles (npm run renew -- --at)', run: pixAutomaticoTwoCycles },
  { title: 'Sign another device out; its next page is the log-in', run: signOutOtherDevice },
  { title: 'Download my data as JSON and PDF', run: downloadMyData },
  { title: 'Sign a second account up, confirm it from the mailbox, delete it', run: deleteSecondAccount },
  withdrawalStep,
];

let results;
try {
  results = await runSteps(
    {
      browser,
      context,
      page,
      url: portal.url,
      out,
      widths,
      locale,
      drain: () => seen.splice(0),
      async renewAt(at) {
        // The page's open requests would hold the server's shutdown for its 10 s grace.
        await page.goto('about:blank');
        await portal.stop();
        try {
          return await renewAt(portalOptions, at);
        } finally {
          portal = await startPortal(portalOptions);
        }
      },
    },
    steps,
  );
} finally {
  await browser.close();
  await portal.stop();
  console.log(`Portal stopped (pid ${portal.pid}).`);
}

if (consoleErrors.length > 0) console.log(`Console errors in the first browser:\n  ${consoleErrors.join('\n  ')}`);
if (refusals.length > 0) console.log(`API refusals and failures the first browser met:\n  ${refusals.join('\n  ')}`);
writeFileSync(path.join(out, 'summary.json'), JSON.stringify({ port, out, results, consoleErrors, refusals }, null, 2));
const failed = results.filter((r) => !r.ok);
console.log(`\n${results.length - failed.length}/${results.length} steps passed; screenshots and files in ${out}`);
if (!flag('keep')) rmSync(portalOptions.dataDir, { recursive: true, force: true });
process.exitCode = failed.length > 0 ? 1 : 0;
