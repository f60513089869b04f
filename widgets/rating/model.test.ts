import { describe, expect, it } from 'vitest';
import { summaryStore } from '../../core/reads/review-summary.ts';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch } from '../../tests/helpers/fake-fetch.ts';
import { createRatingModel } from './model.ts';

const net = fakeFetch(() => {
  throw new Error('no request expected');
});

describe('rating model', () => {
  it('the summary store is the one <inlay-reviews> reads (one cache entry); no product, no request', () => {
    const context = testContext(net.fetch);
    expect(createRatingModel(context, { productId: 'p1' }).$summary).toBe(summaryStore(context.client, 'stores', 'p1'));
    expect(createRatingModel(context, {}).$summary.get()).toEqual({});
    expect(net.calls).toEqual([]);
  });
});
