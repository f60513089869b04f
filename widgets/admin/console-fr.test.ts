import { describe, expect, it } from 'vitest';
import consoleFr from './console-fr.ts';
import pack from '../languages/fr.ts';
import { strings } from './strings.ts';
import { queueStrings } from './reviews/strings.ts';
import { abandonedStrings } from './abandoned/strings.ts';
import { ordersStrings } from './orders/strings.ts';
import { orderStrings } from './orders/detail/strings.ts';
import { bulkStrings } from './orders/bulk/strings.ts';
import { editStrings } from './orders/edit/strings.ts';
import { paymentsStrings } from './payments/strings.ts';
import { paymentFormStrings } from './payments/forms-strings.ts';
import { fulfilStrings } from './orders/detail/fulfil-strings.ts';

describe('the console’s French', () => {
  it('has every key of the console’s English, and none of the language pack’s', () => {
    const parts = [
      strings,
      queueStrings,
      abandonedStrings,
      ordersStrings,
      orderStrings,
      bulkStrings,
      editStrings,
      paymentsStrings,
      paymentFormStrings,
      fulfilStrings,
    ];
    expect(Object.keys(consoleFr).sort()).toEqual(Object.keys(Object.assign({}, ...parts)).sort());
    expect(Object.keys(consoleFr).filter((k) => k in pack)).toEqual([]);
    // no two of the console's dictionaries share a key (a spread would drop one silently)
    expect(parts.reduce((n, d) => n + Object.keys(d).length, 0)).toBe(Object.keys(consoleFr).length);
  });
});
