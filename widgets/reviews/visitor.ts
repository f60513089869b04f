/**
 * A visitor's review through the site companion (issue 16): name, email and the solved check; the companion finds or
 * makes their contact and posts as the site. Loads with the review form, only used where the page names a companion.
 */
import type { Http } from '../../core/http.ts';
import { InlayApiError, outcomeUnknown } from '../../core/errors.ts';
import { createVisitorReview } from '../../core/api/companion.ts';
import type { Image } from '../../core/api/media.ts';
import type { Review } from '../../core/api/reviews.ts';
import type { Draft } from './submit.ts';

/** Items (`namespace:entityId`) whose last visitor send lost its answer: the review may be saved. */
const unsure = new Set<string>();

/**
 * Send it. A send whose answer is lost may have landed (`reviewMayBeSaved` on the error: the form says so); if the
 * next send is then refused as a second review (409), it had arrived (`reviewArrived`). A visitor cannot read their
 * own unpublished review back, so that is all the form can tell.
 */
export async function sendAsVisitor(
  companion: Http,
  ns: string,
  id: string,
  d: Draft,
  media: { image: Image }[],
  captcha: string,
): Promise<Review> {
  const key = `${ns}:${id}`;
  try {
    const review = await createVisitorReview(companion, {
      namespace: ns,
      entityId: id,
      name: d.name?.trim() ?? '',
      email: d.email?.trim() ?? '',
      content: {
        rating: d.rating,
        ...(d.title.trim() ? { title: d.title.trim() } : {}),
        body: d.body.trim(),
        ...(media.length ? { media } : {}),
      },
      captcha,
    });
    unsure.delete(key);
    return review;
  } catch (e) {
    if (e instanceof InlayApiError && e.status === 409 && unsure.delete(key))
      throw Object.assign(e, { reviewArrived: true });
    if (!outcomeUnknown(e)) throw e;
    unsure.add(key);
    throw Object.assign(e as Error, { reviewMayBeSaved: true });
  }
}
