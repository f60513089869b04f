/**
 * The owner console's Settings › Tips and Settings › Checkout (issue 40, i40-tips; docs/companion.md "Owner console:
 * tips and checkout settings"): the site's default tip settings (`@wix/auto_sdk_ecom_tip-settings`: query, create the
 * default, update) and its checkout settings (`@wix/auto_sdk_ecom_checkout-settings`: get, update). Every route is the
 * owner's (403 `NOT_OWNER` for anyone else, before the body is read) and calls the platform as the admin identity.
 *
 * A save never applies twice: the tip settings are updated at the `revision` the console read (the platform refuses
 * a stale one, 409 `REVISION_MISMATCH`, relayed: the console reads them again), and created only when the site has
 * none (a second create is the platform's `DEFAULT_SETTINGS_ALREADY_EXISTS`, relayed); the checkout settings are set
 * field by field to the values sent, so the same save twice leaves them as once.
 */
import { Hono } from 'hono';
import { z as zm } from 'zod/mini';
import { adminOps } from '../core/urls.ts';
import type { Env, Kit } from './context.ts';
import { bodyOf, serve, wire } from './wire.ts';

const settings = zm.looseObject({
  id: zm.string(),
  revision: zm.optional(zm.string()),
  tipType: zm.optional(zm.string()),
  presets: zm.optional(
    zm.array(
      zm.looseObject({ value: zm.optional(zm.nullable(zm.number())), default: zm.optional(zm.nullable(zm.boolean())) }),
    ),
  ),
  allowCustomerTip: zm.optional(zm.nullable(zm.boolean())),
  allowCustomAmount: zm.optional(zm.nullable(zm.boolean())),
});
type Settings = zm.infer<typeof settings>;
const queryAnswer = zm.looseObject({ tipSettings: zm.optional(zm.array(settings)) });
const oneAnswer = zm.looseObject({ tipSettings: settings });

const policy = zm.optional(
  zm.looseObject({ visible: zm.optional(zm.nullable(zm.boolean())), content: zm.optional(zm.nullable(zm.string())) }),
);
const box = zm.optional(
  zm.looseObject({
    visible: zm.optional(zm.nullable(zm.boolean())),
    checkedByDefault: zm.optional(zm.nullable(zm.boolean())),
    splitByChannel: zm.optional(zm.nullable(zm.boolean())),
  }),
);
const checkoutAnswer = zm.looseObject({
  checkoutSettings: zm.looseObject({
    checkoutPolicies: zm.optional(
      zm.looseObject({
        termsAndConditions: policy,
        privacyPolicy: policy,
        returnPolicy: policy,
        digitalItemPolicy: policy,
        contactUs: policy,
        customPolicy: zm.optional(
          zm.looseObject({
            visible: zm.optional(zm.nullable(zm.boolean())),
            content: zm.optional(zm.nullable(zm.string())),
            title: zm.optional(zm.nullable(zm.string())),
          }),
        ),
      }),
    ),
    checkoutFields: zm.optional(zm.looseObject({ subscriptionCheckbox: box, policyAgreementCheckbox: box })),
    checkoutBrand: zm.optional(
      zm.looseObject({
        header: zm.optional(
          zm.looseObject({
            text: zm.optional(zm.nullable(zm.string())),
            logo: zm.optional(zm.looseObject({ size: zm.optional(zm.string()) })),
            alignment: zm.optional(zm.string()),
            displayCheckoutLabel: zm.optional(zm.nullable(zm.boolean())),
          }),
        ),
      }),
    ),
  }),
});
type Checkout = zm.infer<typeof checkoutAnswer>['checkoutSettings'];

/** What the console shows and edits of the tip settings. */
const tipView = (s: Settings) => ({
  id: s.id,
  revision: s.revision ?? '0',
  tipType: s.tipType ?? 'PERCENTAGE',
  presets: (s.presets ?? []).map((p) => ({ value: p.value ?? 0, default: p.default === true })),
  allowCustomerTip: s.allowCustomerTip !== false,
  allowCustomAmount: s.allowCustomAmount !== false,
});

/** What the console shows and edits of the checkout settings (the platform's defaults where a field is missing). */
function checkoutView(s: Checkout) {
  const p = s.checkoutPolicies ?? {};
  const one = (x: { visible?: boolean | null; content?: string | null } | undefined) => ({
    visible: x?.visible === true,
    content: x?.content ?? '',
  });
  const f = s.checkoutFields ?? {};
  const h = s.checkoutBrand?.header ?? {};
  return {
    checkoutPolicies: {
      termsAndConditions: one(p.termsAndConditions),
      privacyPolicy: one(p.privacyPolicy),
      returnPolicy: one(p.returnPolicy),
      digitalItemPolicy: one(p.digitalItemPolicy),
      contactUs: one(p.contactUs),
      customPolicy: { ...one(p.customPolicy), title: p.customPolicy?.title ?? '' },
    },
    checkoutFields: {
      subscriptionCheckbox: {
        visible: f.subscriptionCheckbox?.visible === true,
        checkedByDefault: f.subscriptionCheckbox?.checkedByDefault === true,
        splitByChannel: f.subscriptionCheckbox?.splitByChannel === true,
      },
      policyAgreementCheckbox: {
        visible: f.policyAgreementCheckbox?.visible === true,
        checkedByDefault: f.policyAgreementCheckbox?.checkedByDefault === true,
      },
    },
    header: {
      text: h.text ?? '',
      logoSize: h.logo?.size ?? 'MEDIUM',
      alignment: h.alignment ?? 'SIDE',
      displayCheckoutLabel: h.displayCheckoutLabel !== false,
    },
  };
}

/** The owner's tips and checkout settings routes (under `/v1/admin/settings`), as a sub-app app.ts mounts at `/v1`. */
export function adminTipsApp(kit: Kit): Hono<Env> {
  const { asAdmin } = kit;
  const app = new Hono<Env>();
  const owner = [kit.guard.owner];

  const defaultSettings = async (): Promise<Settings | undefined> =>
    (
      await asAdmin('query tip settings', {
        ...adminOps.queryTipSettings,
        kind: 'read',
        body: { query: { filter: { default: true }, cursorPaging: { limit: 1 } } },
        schema: queryAnswer,
      })
    ).tipSettings?.[0];

  serve(app, wire['GET /admin/settings/tips'], owner, async (c) => {
    const s = await defaultSettings();
    return c.json({ tipSettings: s ? tipView(s) : null }, 200);
  });

  serve(app, wire['PUT /admin/settings/tips'], owner, async (c) => {
    const { revision, ...fields } = bodyOf(c, wire['PUT /admin/settings/tips']);
    const current = await defaultSettings();
    const saved = current
      ? await asAdmin('update tip settings', {
          ...adminOps.updateTipSettings,
          // the revision the console read: a stale one is the platform's 409, relayed (never applied twice)
          body: { tipSettings: { id: current.id, revision: revision ?? current.revision, ...fields } },
          schema: oneAnswer,
        })
      : await asAdmin('create default tip settings', {
          ...adminOps.createDefaultTipSettings,
          body: { tipSettings: fields },
          schema: oneAnswer,
        });
    return c.json({ tipSettings: tipView(saved.tipSettings) }, 200);
  });

  serve(app, wire['GET /admin/settings/checkout'], owner, async (c) => {
    const r = await asAdmin('get checkout settings', {
      ...adminOps.getCheckoutSettings,
      kind: 'read',
      schema: checkoutAnswer,
    });
    return c.json({ checkoutSettings: checkoutView(r.checkoutSettings) }, 200);
  });

  serve(app, wire['PATCH /admin/settings/checkout'], owner, async (c) => {
    const { header, ...rest } = bodyOf(c, wire['PATCH /admin/settings/checkout']);
    const r = await asAdmin('update checkout settings', {
      ...adminOps.updateCheckoutSettings,
      body: {
        checkoutSettings: {
          ...rest,
          checkoutBrand: {
            header: {
              text: header.text,
              logo: { size: header.logoSize },
              alignment: header.alignment,
              displayCheckoutLabel: header.displayCheckoutLabel,
            },
          },
        },
      },
      schema: checkoutAnswer,
    });
    return c.json({ checkoutSettings: checkoutView(r.checkoutSettings) }, 200);
  });

  return app;
}
