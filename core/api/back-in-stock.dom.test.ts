import { describe, expect, it } from 'vitest';
import { testContext } from '../../tests/helpers/context.ts';
import { fakeFetch, json } from '../../tests/helpers/fake-fetch.ts';
import { countStockRequests, queryStockRequests } from './back-in-stock.ts';
import { STORES_APP_ID } from './products.ts';

const net = fakeFetch((call) => {
  if (call.url.endsWith('/oauth2/token')) return json(200, { access_token: 'a', refresh_token: 'r', expires_in: 3600 });
  if (call.url.includes('count-by-catalog-reference'))
    return json(200, {
      countsPerCatalogReference: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: 'p' }, count: 2 }],
    });
  return json(200, { requests: [], metadata: { cursors: { next: null } } });
});

const { http } = testContext(net.fetch, { clientId: 'c' }).client;

describe('back-in-stock service', () => {
  it('queries own requests with a GET (filter as JSON, cursor paging as dotted keys)', async () => {
    await queryStockRequests(http, { filter: { status: 'RECEIVED' }, cursorPaging: { limit: 10 } });
    const call = net.calls.at(-1)!;
    expect(call.method).toBe('GET');
    const url = new URL(call.url);
    expect(url.pathname).toBe('/back-in-stock-service/v1/back-in-stock-notification-requests');
    expect(url.searchParams.get('query.filter')).toBe('{"status":"RECEIVED"}');
    expect(url.searchParams.get('query.cursorPaging.limit')).toBe('10');
  });

  it('counts per catalog reference with the references as .r (base64url JSON)', async () => {
    const refs = [{ appId: STORES_APP_ID, catalogItemId: 'p' }];
    const counts = await countStockRequests(http, refs);
    expect(counts[0]!.count).toBe(2);
    const url = new URL(net.calls.at(-1)!.url);
    expect(url.pathname).toBe(
      '/back-in-stock-service/v1/back-in-stock-notification-requests/count-by-catalog-reference',
    );
    const decoded = JSON.parse(Buffer.from(url.searchParams.get('.r')!, 'base64url').toString('utf8'));
    expect(decoded).toEqual({ catalogReferences: refs });
  });
});
