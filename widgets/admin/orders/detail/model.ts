import type { Order } from '../../../../core/api/orders.ts';
import { updateTags } from '../../../../core/api/order-changes.ts';
import { InlayApiError } from '../../../../core/errors.ts';
import type { AdminOrdersModel } from '../model.ts';
import { withTags } from '../words.ts';

/**
 * The open order's private tags: `add` assigned or `drop` removed through the companion's tags route (one action at a
 * time, through the orders model); a refusal of the order is the platform's code, said in words by the detail.
 */
export const changeTags = (model: AdminOrdersModel, o: Order, add: string[], drop: string[]) =>
  model.run('tag', async (h, oid) => {
    const x = (await updateTags(h, { orderIds: [oid], ...(add.length ? { assign: add } : { remove: drop }) }))
      .results[0];
    if (!x?.ok)
      throw new InlayApiError({
        kind: 'http',
        status: 428,
        message: x?.code ?? 'refused',
        applicationError: { code: x?.code ?? 'UNKNOWN' },
      });
    return { order: withTags(model.$detail.get()?.order ?? o, add, drop) };
  });
