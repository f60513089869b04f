import { bidiSafe, type I18n } from '../../../core/i18n/index.ts';
import type { Fulfillment, Order } from '../../../core/api/orders.ts';
import { addressLines } from '../../../ui/address.ts';
import { lineName, money } from '../../../ui/words.ts';
import { statusWords, type T } from './words.ts';

/**
 * The receipt in a window of its own, built node by node (no markup parsed), then the browser's print dialog.
 * Returns false when the browser blocked the window.
 */
export function printReceipt(o: Order, fulfillments: Fulfillment[] | undefined, i18n: I18n, t: T): boolean {
  const w = window.open('', '_blank');
  if (!w) return false;
  const doc = w.document;
  const el = (tag: string, text?: string, parent: HTMLElement = doc.body) => {
    const e = doc.createElement(tag);
    if (text !== undefined) e.textContent = text;
    parent.append(e);
    return e;
  };
  const title = t('acct.receiptTitle', { number: String(o.number) });
  doc.title = title;
  doc.documentElement.lang = i18n.locale;
  doc.documentElement.dir = document.documentElement.dir; // the page's direction: a right-to-left page prints right to left
  try {
    const sheet = new (w as unknown as typeof globalThis).CSSStyleSheet();
    sheet.replaceSync(
      'body{font:15px/1.5 system-ui,sans-serif;max-width:640px;margin:32px auto;padding:0 16px;color:#111}' +
        'table{width:100%;border-collapse:collapse}td,th{padding:6px 0;border-bottom:1px solid #ddd;text-align:start}' +
        'td:last-child,th:last-child{text-align:end}p{margin:4px 0}',
    );
    doc.adoptedStyleSheets = [sheet];
  } catch {
    /* unstyled, still readable */
  }
  el('h1', title);
  if (o.createdDate) el('p', t('acct.placed', { date: i18n.date(o.createdDate, 'long') }));
  el('p', statusWords(t, o).join(' · '));
  const table = el('table');
  for (const l of o.lineItems) {
    const tr = el('tr', undefined, table);
    el('td', `${bidiSafe(lineName(l))} × ${l.quantity}`, tr);
    el('td', money(i18n, l.totalPriceBeforeTax ?? l.price, o.currency), tr);
  }
  const p = o.priceSummary;
  for (const [k, m] of [
    ['acct.subtotal', p?.subtotal],
    ['acct.shipping', p?.shipping],
    ['acct.tax', p?.tax],
    ['acct.discount', p?.discount && Number(p.discount.amount) > 0 ? p.discount : undefined],
    ['acct.total', p?.total],
  ] as const) {
    if (!m) continue;
    const tr = el('tr', undefined, table);
    el('th', t(k), tr);
    el('td', money(i18n, m, o.currency), tr);
  }
  const ship = o.shippingInfo?.logistics?.shippingDestination;
  if (ship?.address) {
    el('h2', t('acct.shipTo'));
    for (const line of addressLines(i18n, ship.address, ship.contactDetails)) el('p', line);
  }
  for (const f of fulfillments ?? []) {
    if (f.trackingInfo?.trackingNumber) el('p', t('acct.trackingLine', { number: f.trackingInfo.trackingNumber }));
  }
  w.focus();
  w.print();
  return true;
}
