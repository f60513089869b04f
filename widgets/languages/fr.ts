/**
 * The French language pack: core's strings and every widget's, in one chunk that a page loads only when its language
 * is French (widgets/languages/index.ts). A widget's English stays in its own chunk.
 */
import { fr as core } from '../../core/i18n/fr.ts';
import { fr as account } from '../account/strings.fr.ts';
import { fr as accountOrders } from '../account/orders/strings.fr.ts';
import { fr as accountDetails } from '../account/member/strings.fr.ts';
import { fr as accountSignIn } from '../account/signin.fr.ts';
import { fr as accountSecurity } from '../account/security/strings.fr.ts';
import { fr as addToCart } from '../add-to-cart/strings.fr.ts';
import { fr as backInStock } from '../back-in-stock/strings.fr.ts';
import { fr as backInStockForm } from '../back-in-stock/form-strings.fr.ts';
import { fr as cart } from '../cart/strings.fr.ts';
import { fr as cartDrawer } from '../cart/drawer-strings.fr.ts';
import { fr as login } from '../login/strings.fr.ts';
import { fr as loginShell } from '../login/shell-strings.fr.ts';
import { fr as password } from '../login/password-form.fr.ts';
import { fr as profile } from '../account/profile/public.fr.ts';
import { fr as rating } from '../rating/strings.fr.ts';
import { fr as recommendations } from '../recommendations/strings.fr.ts';
import { fr as reviews } from '../reviews/strings.fr.ts';
import { fr as reviewForm } from '../reviews/form-strings.fr.ts';
import { fr as reviewOwner } from '../reviews/owner-strings.fr.ts';

/** Each dictionary on its own (the tests check that no two share a key). */
export const parts = {
  core,
  account,
  accountOrders,
  accountDetails,
  accountSignIn,
  accountSecurity,
  addToCart,
  backInStock,
  backInStockForm,
  cart,
  cartDrawer,
  login,
  loginShell,
  password,
  profile,
  rating,
  recommendations,
  reviews,
  reviewForm,
  reviewOwner,
};

export default Object.assign({}, ...Object.values(parts)) as Record<string, string>;
