import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewsOnPage } from '../../core/reads/review-summary.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';
import { mountWidget } from '../../tests/helpers/mount.ts';
import { testContext } from '../../tests/helpers/context.ts';

/** Per-rating counts (1 to 5 stars) of the reviews the fake platform has, per product. */
const counts: Record<string, number[]> = { p1: [1, 0, 2, 3, 6], p2: [0, 0, 0, 0, 0] };
const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.endsWith('/reviews/v1/reviews/query')) {
    const { $in } = (call.body as { query: { filter: { entityId: { $in: string[] } } } }).query.filter.entityId;
    const reviews = $in.flatMap((entityId) =>
      counts[entityId]!.flatMap((n, i) =>
        Array.from({ length: n }, (_, k) => ({ id: `${entityId}-${i}-${k}`, entityId, content: { rating: i + 1 } })),
      ),
    );
    return json(200, { reviews, metadata: { cursors: { next: null } } });
  }
  if (call.url.endsWith('/reviews/v1/reviews/count')) {
    const f = (call.body as { filter: { entityId: string; 'content.rating': number } }).filter;
    return json(200, { count: counts[f.entityId]![f['content.rating'] - 1] });
  }
  return json(500, { message: 'unexpected' });
});

beforeEach(() => {
  document.body.replaceChildren();
  net.calls.length = 0;
});

describe('<inlay-rating>', () => {
  it('stars, average and count, one label for screen readers', async () => {
    const { $ } = await mountWidget('inlay-rating', { 'product-id': 'p1' }, net.fetch);
    await vi.waitFor(() => expect($('[role=img]')).toBeTruthy());
    expect($('[role=img]')!.getAttribute('aria-label')).toBe('4.1 out of 5, 12 reviews');
    expect($('[part=root]')!.textContent).toBe(' 4.1 (12)');
    expect($<HTMLElement>('.stars i')!.style.width).toBe('82%');
  });

  it('right to left: the average and the count each in their own <bdi> (digits kept in order, placed by the page), the label’s values isolated', async () => {
    const { $, $$ } = await mountWidget('inlay-rating', { 'product-id': 'p1' }, net.fetch, { locale: 'ar-EG' });
    await vi.waitFor(() => expect($('[role=img]')).toBeTruthy());
    expect($$('bdi').map((b) => b.textContent)).toEqual(['٤٫١', '(١٢)']);
    expect($('[part=root]')!.textContent).toBe(' ٤٫١ (١٢)');
    // the translator isolates a value holding right-to-left characters (FSI … PDI)
    expect($('[role=img]')!.getAttribute('aria-label')).toBe('\u2068٤٫١\u2069 out of 5, ١٢ reviews');
  });

  it('no reviews yet; with <inlay-reviews> for the product on the page, a button that goes there', async () => {
    const reveal = vi.fn();
    const page = testContext(net.fetch);
    const off = reviewsOnPage(page.client, 'stores:p2', reveal);
    const { $ } = await mountWidget('inlay-rating', { 'product-id': 'p2' }, page);
    await vi.waitFor(() => expect($('button.go')).toBeTruthy());
    expect($('button.go')!.getAttribute('aria-label')).toBe('No reviews yet: go to the reviews');
    expect($('.none')!.textContent).toBe('No reviews yet');
    $('button.go')!.click();
    expect(reveal).toHaveBeenCalledTimes(1);
    off();
    await vi.waitFor(() => expect($('button.go')).toBeNull());
    expect($('span[part=root]')!.textContent).toBe('No reviews yet');
  });

  it('while the product’s <inlay-reviews loading="lazy"> waits out of view, a button that scrolls there, then focuses it', async () => {
    const lazy = Object.assign(document.createElement('inlay-reviews'), { scrollIntoView: vi.fn() });
    lazy.setAttribute('product-id', 'p1');
    lazy.setAttribute('loading', 'lazy');
    const other = document.createElement('inlay-reviews');
    other.setAttribute('product-id', 'p2');
    other.setAttribute('loading', 'lazy');
    document.body.append(lazy, other);
    const { $, context } = await mountWidget('inlay-rating', { 'product-id': 'p1' }, net.fetch);
    await vi.waitFor(() => expect($('button.go')).toBeTruthy());
    expect($('button.go')!.getAttribute('aria-label')).toBe('4.1 out of 5, 12 reviews: go to the reviews');
    $('button.go')!.click();
    expect(lazy.scrollIntoView).toHaveBeenCalledTimes(1);
    // the widget loads as it comes into view and registers: focus moves there, once
    const reveal = vi.fn();
    const off = reviewsOnPage(context.client, 'stores:p2', reveal);
    const mine = vi.fn();
    const off2 = reviewsOnPage(context.client, 'stores:p1', mine);
    expect(reveal).not.toHaveBeenCalled();
    expect(mine).toHaveBeenCalledTimes(1);
    off2();
    reviewsOnPage(context.client, 'stores:p1', mine)();
    expect(mine).toHaveBeenCalledTimes(1);
    off();
  });

  it('an eager <inlay-reviews> that has not registered yet, or another product’s lazy one, makes no button', async () => {
    const eager = document.createElement('inlay-reviews');
    eager.setAttribute('product-id', 'p1');
    const other = document.createElement('inlay-reviews');
    other.setAttribute('product-id', 'p2');
    other.setAttribute('loading', 'lazy');
    document.body.append(eager, other);
    const { $ } = await mountWidget('inlay-rating', { 'product-id': 'p1' }, net.fetch);
    await vi.waitFor(() => expect($('[role=img]')).toBeTruthy());
    expect($('button.go')).toBeNull();
  });
});
