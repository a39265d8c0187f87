/**
 * The approval pages of the sandbox PayPal and e-wallet: what a payer sees on the provider's own
 * site. They stand for a third party's pages (PayPal's are in the payer's PayPal language), so
 * they are plain English developer pages like the dev mailbox, and exist outside production only.
 */

import { createHash } from 'node:crypto';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface CheckoutPage {
  provider: 'PayPal' | 'Wallet';
  /** The field the form posts back (PayPal's `token`, the wallet's `id`). */
  idField: 'token' | 'id';
  id: string;
  merchant: string;
  amount: string;
  /** Why the checkout cannot be approved, when it cannot. */
  closed?: string | undefined;
  buyer: string;
  action: string;
}

// One constant style block for both providers (the accent is a class), so one hash allows it.
const css = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f5f7fa; color: #1a1a1a; --accent: #003087; }
  body.wallet { --accent: #00875a; }
  header { background: var(--accent); color: #fff; padding: 12px 20px; font-weight: 600; }
  main { max-width: 420px; margin: 32px auto; background: #fff; padding: 24px; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
  dt { color: #555; font-size: 14px; } dd { margin: 0 0 12px; font-weight: 600; }
  button { display: block; width: 100%; padding: 12px; margin-top: 12px; border: 0; border-radius: 24px; background: var(--accent); color: #fff; font-size: 16px; cursor: pointer; }
  button.secondary { background: #fff; color: var(--accent); border: 1px solid var(--accent); }
  p.note { font-size: 13px; color: #555; }
`;

/**
 * The hosted pages' own policy (server/security/headers.ts sends it with them): no script at all,
 * the one style block by its hash, and the form posting back to the sandbox provider only.
 */
export const sandboxPagePolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

export function checkoutPage(p: CheckoutPage): string {
  const body = p.closed
    ? `<p role="alert">This checkout cannot be approved: ${escapeHtml(p.closed)}.</p>`
    : `<dl>
        <dt>Pay to</dt><dd>${escapeHtml(p.merchant)}</dd>
        <dt>Amount</dt><dd>${escapeHtml(p.amount)}</dd>
        <dt>Paying as</dt><dd>${escapeHtml(p.buyer)} (sandbox buyer)</dd>
      </dl>
      <form method="post" action="${escapeHtml(p.action)}">
        <input type="hidden" name="${p.idField}" value="${escapeHtml(p.id)}">
        <button type="submit" name="decision" value="approve">${p.provider === 'PayPal' ? 'Agree and continue' : 'Pay now'}</button>
        <button type="submit" name="decision" value="cancel" class="secondary">Cancel and return to ${escapeHtml(p.merchant)}</button>
      </form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.provider} sandbox checkout</title>
<style>${css}</style>
</head>
<body class="${p.provider === 'PayPal' ? 'paypal' : 'wallet'}">
<header>${p.provider} · sandbox</header>
<main>
  <h1>Review your payment</h1>
  ${body}
  <p class="note">Sandbox: no real money moves. This page stands for ${p.provider === 'PayPal' ? "PayPal's approval page" : "the wallet's checkout page"}.</p>
</main>
</body>
</html>`;
}
