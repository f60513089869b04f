import { op } from './op.ts';

const BIS = '/back-in-stock-service/v1/back-in-stock-notification-requests';

// Back-in-stock notification requests (docs/spec/wire-protocol.md §7).
export const createStockRequest = op('POST', BIS);
export const getStockRequest = op('GET', `${BIS}/{id}`);
export const deleteStockRequest = op('DELETE', `${BIS}/{id}`);
export const queryStockRequests = op('GET', BIS, `${BIS}/query`);
export const countStockRequests = op('GET', `${BIS}/count-by-catalog-reference`);
