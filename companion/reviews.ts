/**
 * The owner's review moderation (docs/companion.md "Operations"): the pending queue, moderate one or all of an item's,
 * reply, delete. Every route is the owner's (`guard.owner` first: 403 `NOT_OWNER` before anything is read); a
 * review's id in the path is checked before the body is read. A sub-app app.ts mounts at `/v1`.
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';
import { ops, route } from '../core/urls.ts';
import type { Env, Guard, Kit } from './context.ts';
import { bodyOf, parse, serve, wire } from './wire.ts';

/** A review's id in a path: no `.` or `..` alone (a dot segment would climb the platform's path). */
const ID = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^(?!\.{1,2}$)[A-Za-z0-9._:-]+$/));
const reviewAnswer = z.looseObject({ review: z.looseObject({ id: z.string() }) });
const reviewsPage = z.looseObject({
  reviews: z.array(z.looseObject({ id: z.string() })),
  metadata: z.optional(
    z.looseObject({ cursors: z.optional(z.looseObject({ next: z.optional(z.nullable(z.string())) })) }),
  ),
});

/** The review in the path: 400 (a field violation on `id`) when its id is not one. */
const reviewId: Guard = async (c, next) => {
  parse(ID, c.req.param('id'));
  await next();
};

export function reviewsApp(kit: Kit): Hono<Env> {
  const { guard, asAdmin } = kit;
  const app = new Hono<Env>();
  const owner = [guard.owner];
  const ownerOfReview = [guard.owner, reviewId];

  serve(app, wire['POST /reviews/pending'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /reviews/pending']);
    const filter = {
      namespace: body.namespace,
      'moderation.moderationStatus': 'IN_MODERATION',
      ...(body.entityId ? { entityId: body.entityId } : {}),
    };
    const page = await asAdmin('pending reviews', {
      ...ops.queryReviews,
      kind: 'read',
      body: {
        query: body.cursor
          ? { cursorPaging: { cursor: body.cursor, limit: 50 } }
          : { filter, sort: [{ fieldName: 'createdDate', order: 'ASC' }], cursorPaging: { limit: 50 } },
        returnPrivateReviews: true,
      },
      schema: reviewsPage,
    });
    // a cursor carries its own filter: keep to pending reviews of the namespace asked for, whatever it says
    const reviews = page.reviews.filter(
      (r) =>
        (r as Record<string, unknown>)['namespace'] === body.namespace &&
        ((r as { moderation?: { moderationStatus?: unknown } }).moderation?.moderationStatus ?? 'IN_MODERATION') ===
          'IN_MODERATION',
    );
    const next = page.metadata?.cursors?.next;
    return c.json({ reviews, ...(next ? { next } : {}) }, 200);
  });

  // The platform runs a bulk moderation as an asynchronous job and answers its id only (`{jobId}`); no public client
  // reads a job's progress, so the owner is told how many reviews it started with (counted first) and the queue is
  // read again (docs/wire.md "Admin fidelity fixes").
  serve(app, wire['POST /reviews/bulk-moderate'], owner, async (c) => {
    const body = bodyOf(c, wire['POST /reviews/bulk-moderate']);
    const filter = {
      namespace: body.namespace,
      entityId: body.entityId,
      'moderation.moderationStatus': 'IN_MODERATION',
    };
    const { count } = await asAdmin('count pending reviews', {
      ...ops.countReviews,
      kind: 'read',
      body: { filter, includePrivateReviews: true },
      schema: z.looseObject({ count: z.number() }),
    });
    const r = await asAdmin('bulk moderate', {
      ...ops.bulkModerateReviews,
      body: { filter, status: body.status },
      schema: z.looseObject({ jobId: z.string() }),
    });
    return c.json({ jobId: r.jobId, count }, 200);
  });

  serve(app, wire['POST /reviews/{id}/moderate'], ownerOfReview, async (c) => {
    const { status } = bodyOf(c, wire['POST /reviews/{id}/moderate']);
    const r = await asAdmin('moderate', {
      ...route(ops.moderateReview, { id: c.req.param('id')! }),
      body: { status },
      schema: reviewAnswer,
    });
    return c.json({ review: r.review }, 200);
  });

  serve(app, wire['PUT /reviews/{id}/reply'], ownerOfReview, async (c) => {
    const { message } = bodyOf(c, wire['PUT /reviews/{id}/reply']);
    const r = await asAdmin('reply', {
      ...route(ops.replyToReview, { id: c.req.param('id')! }),
      body: { message },
      schema: reviewAnswer,
    });
    return c.json({ review: r.review }, 200);
  });

  serve(app, wire['DELETE /reviews/{id}/reply'], ownerOfReview, async (c) => {
    const r = await asAdmin('delete reply', {
      ...route(ops.deleteReviewReply, { id: c.req.param('id')! }),
      schema: reviewAnswer,
    });
    return c.json({ review: r.review }, 200);
  });

  serve(app, wire['DELETE /reviews/{id}'], ownerOfReview, async (c) => {
    // the platform answers the deleted review (`{review}`); the browser needs nothing of it
    await asAdmin('delete review', { ...route(ops.deleteReview, { id: c.req.param('id')! }), schema: reviewAnswer });
    return c.json({}, 200);
  });

  return app;
}
