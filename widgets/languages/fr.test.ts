import { describe, expect, it } from 'vitest';
import pack, { parts } from './fr.ts';
import { languages } from './index.ts';
import { en as core } from '../../core/i18n/en.ts';
import { strings as account } from '../account/strings.ts';
import { orderStrings as accountOrders } from '../account/orders/strings.ts';
import { detailStrings as accountDetails } from '../account/member/strings.ts';
import { signInStrings as accountSignIn } from '../account/signin.tsx';
import { securityStrings as accountSecurity } from '../account/security/strings.ts';
import { strings as addToCart } from '../add-to-cart/strings.ts';
import { strings as backInStock } from '../back-in-stock/strings.ts';
import { formStrings as backInStockForm } from '../back-in-stock/form-strings.ts';
import { strings as cart } from '../cart/strings.ts';
import { drawerStrings as cartDrawer } from '../cart/drawer-strings.ts';
import { strings as login } from '../login/strings.ts';
import { shellStrings as loginShell } from '../login/shell-strings.ts';
import { passwordStrings as password } from '../login/password-form.tsx';
import { profileStrings as profile } from '../account/profile/public.tsx';
import { strings as rating } from '../rating/strings.ts';
import { strings as recommendations } from '../recommendations/strings.ts';
import { strings as reviews } from '../reviews/strings.ts';
import { formStrings as reviewForm } from '../reviews/form-strings.ts';
import { ownerStrings as reviewOwner } from '../reviews/owner-strings.ts';

const english: Record<keyof typeof parts, Record<string, string>> = {
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
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the French pack', () => {
  it('has, for every English dictionary, exactly its keys, with the same {placeholders}', () => {
    for (const [name, en] of Object.entries(english)) {
      const fr = parts[name as keyof typeof parts] as Record<string, string>;
      expect(Object.keys(fr).sort(), name).toEqual(Object.keys(en).sort());
      for (const k of Object.keys(en)) expect(placeholders(fr[k]!), `${name} ${k}`).toEqual(placeholders(en[k]!));
    }
  });

  it('no two dictionaries share a key (the pack is one flat dictionary)', () => {
    const all = Object.values(english).flatMap((d) => Object.keys(d));
    expect(all.length).toBe(new Set(all).size);
    expect(Object.keys(pack).length).toBe(all.length);
  });

  it('is what the registered loader gives', async () => {
    expect(Object.keys(languages)).toEqual(['fr', 'ar-XB']);
    expect((await languages.fr!()).default).toBe(pack);
  });
});
