/**
 * The owner console's shipping settings (issue 40 item 4, i40-ship; docs/companion.md "Owner console: shipping"):
 * the shipping options (`@wix/auto_sdk_ecom_shipping-options`: query, create, update, add and remove a delivery
 * region, delete), the delivery profile's regions they serve, and the shipping label provider's configuration (its own
 * routes: on a platform that refuses those calls, only the label panel says so). Every route is the owner's (403
 * `NOT_OWNER` for anyone else, before the body is read) and calls the platform as the admin identity (docs/wire.md
 * "i40-ship").
 *
 * Never twice: a create whose answer was lost and is sent again finds an option with its title and answers 409
 * `TITLE_TAKEN` (titles are unique here, as the checkout lists them by title); an update goes at the revision the
 * console read (409 `REVISION_MISMATCH` after a change that landed), a delete of an option already gone is 404.
 */
import { Hono } from 'hono';
import { z as zm } from 'zod/mini';
import { adminOps, route } from '../core/urls.ts';
import type { Env, Kit } from './context.ts';
import { CompanionError, notFound } from './errors.ts';
import { bodyOf, serve, wire } from './wire.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const str = zm.optional(zm.nullable(zm.string()));
const rate = zm.looseObject({
  amount: zm.string(),
  conditions: zm.optional(zm.array(zm.looseObject({ type: zm.string(), operator: zm.string(), value: zm.string() }))),
  multiplyByQuantity: zm.optional(zm.nullable(zm.boolean())),
});
const platformOption = zm.looseObject({
  id: zm.string(),
  revision: zm.string(),
  title: zm.optional(zm.string()),
  estimatedDeliveryTime: str,
  deliveryRegionIds: zm.optional(zm.array(zm.string())),
  rates: zm.optional(zm.array(rate)),
});
type PlatformOption = zm.infer<typeof platformOption>;
const oneOption = zm.looseObject({ shippingOption: platformOption });
const manyOptions = zm.looseObject({
  shippingOptions: zm.array(platformOption),
  pagingMetadata: zm.optional(
    zm.looseObject({ cursors: zm.optional(zm.looseObject({ next: zm.optional(zm.nullable(zm.string())) })) }),
  ),
});
const profiles = zm.looseObject({
  deliveryProfiles: zm.array(
    zm.looseObject({
      deliveryRegions: zm.optional(
        zm.array(
          zm.looseObject({
            id: zm.string(),
            name: zm.optional(zm.string()),
            destinations: zm.optional(
              zm.array(zm.looseObject({ countryCode: zm.string(), subdivisions: zm.optional(zm.array(zm.string())) })),
            ),
          }),
        ),
      ),
    }),
  ),
});
const labelConfig = zm.looseObject({
  id: zm.string(),
  revision: zm.string(),
  shipFromAddress: zm.looseObject({
    country: zm.string(),
    subdivision: zm.optional(zm.string()),
    city: zm.string(),
    postalCode: zm.string(),
    addressLine1: zm.string(),
  }),
  defaultPackage: zm.looseObject({ type: zm.string() }),
  services: zm.array(zm.string()),
  markup: zm.looseObject({ type: zm.string(), value: zm.string() }),
});

/** What the console shows of an option. */
const view = (o: PlatformOption) => ({
  id: o.id,
  revision: o.revision,
  title: o.title ?? '',
  ...(o.estimatedDeliveryTime ? { estimatedDeliveryTime: o.estimatedDeliveryTime } : {}),
  deliveryRegionIds: o.deliveryRegionIds ?? [],
  rates: (o.rates ?? []).map((r) => ({
    amount: r.amount,
    conditions: r.conditions ?? [],
    multiplyByQuantity: r.multiplyByQuantity ?? false,
  })),
});

/** The owner's shipping routes (under `/v1/admin/shipping`), as a sub-app app.ts mounts at `/v1`. */
export function adminShippingApp(kit: Kit): Hono<Env> {
  const { asAdmin } = kit;
  const app = new Hono<Env>();
  const owner = [kit.guard.owner];

  /** Every option, all pages (a store has a few; at most 10 pages of 100). */
  async function allOptions(): Promise<PlatformOption[]> {
    const out: PlatformOption[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await asAdmin('query shipping options', {
        ...adminOps.queryShippingOptions,
        method: 'POST',
        path: adminOps.queryShippingOptions.fallbackPath!,
        kind: 'read',
        body: { query: cursor ? { cursorPaging: { cursor, limit: 100 } } : { cursorPaging: { limit: 100 } } },
        schema: manyOptions,
      });
      out.push(...r.shippingOptions);
      cursor = r.pagingMetadata?.cursors?.next ?? undefined;
      if (!cursor) break;
    }
    return out;
  }

  const idOf = (id: string | undefined) => {
    if (!id || !GUID.test(id)) throw notFound('No such shipping option');
    return id;
  };

  async function one(id: string): Promise<PlatformOption> {
    try {
      return (
        await asAdmin('get shipping option', {
          ...route(adminOps.getShippingOption, { shippingOptionId: id }),
          kind: 'read',
          schema: oneOption,
        })
      ).shippingOption;
    } catch (e) {
      if (e instanceof CompanionError && e.status === 404) throw notFound('No such shipping option');
      throw e;
    }
  }

  serve(app, wire['GET /admin/shipping'], owner, async (c) => {
    const [options, regions] = await Promise.all([
      allOptions(),
      asAdmin('query delivery profiles', {
        ...adminOps.queryDeliveryProfiles,
        kind: 'read',
        body: { query: {} },
        schema: profiles,
      }),
    ]);
    return c.json(
      {
        options: options.map(view),
        regions: regions.deliveryProfiles.flatMap((p) =>
          (p.deliveryRegions ?? []).map((r) => ({
            id: r.id,
            name: r.name ?? '',
            destinations: (r.destinations ?? []).map((d) => ({
              countryCode: d.countryCode,
              subdivisions: d.subdivisions ?? [],
            })),
          })),
        ),
      },
      200,
    );
  });

  serve(app, wire['POST /admin/shipping/options'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /admin/shipping/options']);
    const taken = (await allOptions()).find((o) => (o.title ?? '').trim().toLowerCase() === body.title.toLowerCase());
    if (taken)
      throw new CompanionError(409, 'TITLE_TAKEN', 'A shipping option already has this title', {
        data: { id: taken.id },
      });
    const r = await asAdmin('create shipping option', {
      ...adminOps.createShippingOption,
      body: {
        shippingOption: {
          title: body.title,
          ...(body.estimatedDeliveryTime ? { estimatedDeliveryTime: body.estimatedDeliveryTime } : {}),
          deliveryRegionIds: body.regionIds,
          rates: body.rates,
        },
      },
      schema: oneOption,
    });
    return c.json({ option: view(r.shippingOption) }, 200);
  });

  serve(app, wire['PATCH /admin/shipping/options/{id}'], owner, async (c) => {
    const id = idOf(c.req.param('id'));
    const body = bodyOf(c, wire['PATCH /admin/shipping/options/{id}']);
    const paths = [
      ...(body.title !== undefined ? ['title'] : []),
      ...(body.estimatedDeliveryTime !== undefined ? ['estimatedDeliveryTime'] : []),
      ...(body.rates ? ['rates'] : []),
    ];
    let current: PlatformOption;
    if (paths.length) {
      current = (
        await asAdmin('update shipping option', {
          ...route(adminOps.updateShippingOption, { id }),
          body: {
            shippingOption: {
              id,
              revision: body.revision,
              ...(body.title !== undefined ? { title: body.title } : {}),
              ...(body.estimatedDeliveryTime !== undefined
                ? { estimatedDeliveryTime: body.estimatedDeliveryTime }
                : {}),
              ...(body.rates ? { rates: body.rates } : {}),
            },
            fieldMask: { paths },
          },
          schema: oneOption,
        })
      ).shippingOption;
    } else {
      current = await one(id);
      if (current.revision !== body.revision)
        throw new CompanionError(409, 'REVISION_MISMATCH', 'The shipping option changed since it was read');
    }
    // the regions: added, then removed, each at the revision the last answer gave
    if (body.regionIds) {
      const want = new Set(body.regionIds);
      const had = new Set(current.deliveryRegionIds ?? []);
      for (const [regionId, add] of [
        ...[...want].filter((r) => !had.has(r)).map((r) => [r, true] as const),
        ...[...had].filter((r) => !want.has(r)).map((r) => [r, false] as const),
      ]) {
        current = (
          await asAdmin(add ? 'add delivery region' : 'remove delivery region', {
            ...route(add ? adminOps.addShippingOptionRegion : adminOps.removeShippingOptionRegion, {
              shippingOptionId: id,
            }),
            body: { deliveryRegionId: regionId, revision: current.revision },
            schema: oneOption,
          })
        ).shippingOption;
      }
    }
    return c.json({ option: view(current) }, 200);
  });

  serve(app, wire['DELETE /admin/shipping/options/{id}'], owner, async (c) => {
    const id = idOf(c.req.param('id'));
    try {
      await asAdmin('delete shipping option', {
        ...route(adminOps.deleteShippingOption, { shippingOptionId: id }),
        schema: zm.looseObject({}),
      });
    } catch (e) {
      if (e instanceof CompanionError && e.status === 404) throw notFound('No such shipping option');
      throw e;
    }
    return c.json({ deleted: true }, 200);
  });

  serve(app, wire['GET /admin/shipping/label'], owner, async (c) => {
    const r = await asAdmin('list shipping label configurations', {
      ...adminOps.listShippingLabelConfigurations,
      kind: 'read',
      schema: zm.looseObject({ configurations: zm.array(labelConfig) }),
    });
    const first = r.configurations[0];
    if (!first) throw notFound('No shipping label provider is configured');
    return c.json({ configuration: first }, 200);
  });

  serve(app, wire['PATCH /admin/shipping/label/{id}'], owner, async (c) => {
    const id = c.req.param('id');
    if (!id || !GUID.test(id)) throw notFound('No such configuration');
    const body = bodyOf(c, wire['PATCH /admin/shipping/label/{id}']);
    const r = await asAdmin('update shipping label configuration', {
      ...route(adminOps.updateShippingLabelConfiguration, { id }),
      body: { configuration: { id, ...body } },
      schema: zm.looseObject({ configuration: labelConfig }),
    });
    return c.json({ configuration: r.configuration }, 200);
  });

  return app;
}
