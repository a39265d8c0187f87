/**
 * When a paused subscription is charged next (docs/decisions/057): the same day of the month,
 * `months` calendar months later (UTC), or that month's last day when it is shorter. The server
 * moves the billing date by it; the offer shows the date before the customer accepts.
 */
export function pausedUntil(nextBilling: number, months: number): number {
  const d = new Date(nextBilling);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}
