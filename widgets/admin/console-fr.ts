import { fr as frame } from './strings.fr.ts';
import { fr as queue } from './reviews/strings.fr.ts';
import { fr as abandoned } from './abandoned/strings.fr.ts';
import { fr as orders } from './orders/strings.fr.ts';
import { fr as order } from './orders/detail/strings.fr.ts';
import { fr as bulk } from './orders/bulk/strings.fr.ts';
import { fr as edit } from './orders/edit/strings.fr.ts';
import { fr as payments } from './payments/strings.fr.ts';
import { fr as paymentForms } from './payments/forms-strings.fr.ts';
import { fr as fulfil } from './orders/detail/fulfil-strings.fr.ts';

/**
 * The owner's console in French: its own chunk, loaded with the console on a French page (widgets/admin/view.tsx), so
 * the language pack every French shopper loads does not carry it.
 */
export default {
  ...frame,
  ...queue,
  ...abandoned,
  ...orders,
  ...order,
  ...bulk,
  ...edit,
  ...payments,
  ...paymentForms,
  ...fulfil,
};
