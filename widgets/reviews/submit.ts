import type { Http } from '../../core/http.ts';
import { InlayApiError, outcomeUnknown } from '../../core/errors.ts';
import { createReview, getReview } from '../../core/api/review-writes.ts';
import type { Image } from '../../core/api/media.ts';
import { queryReviews, type Review } from '../../core/api/reviews.ts';
import type { Member } from '../../core/api/members.ts';

export type { Member };

/** The form's values. */
export interface Draft {
  rating: number;
  title: string;
  body: string;
  /** A visitor's name and email (only where the site runs a companion: members post as themselves). */
  name?: string;
  email?: string;
}

/** Items (`namespace:entityId`) whose last send lost its answer: the review may be saved. */
const unsure = new Set<string>();

/**
 * Create the member's review (`author.contactId`: the member's own contact; the platform has no visitor review,
 * docs/spec/wire-protocol.md §11.4), with photos already uploaded. A send whose answer is lost may have been saved: the
 * member's own reviews are read back at once; otherwise the next send's "already reviewed" (409) names the saved
 * review, which is then shown as sent instead of an error.
 */
export async function submitReview(
  http: Http,
  ns: string,
  id: string,
  d: Draft,
  media: { image: Image }[],
  member: Member & { contactId: string },
): Promise<Review> {
  const content = {
    rating: d.rating,
    ...(d.title.trim() ? { title: d.title.trim() } : {}),
    body: d.body.trim(),
    ...(media.length ? { media } : {}),
  };
  const key = `${ns}:${id}`;
  try {
    const r = await createReview(http, {
      namespace: ns,
      entityId: id,
      content,
      author: {
        contactId: member.contactId,
        ...(member.profile?.nickname ? { authorName: member.profile.nickname } : {}),
      },
    });
    unsure.delete(key);
    return r;
  } catch (e) {
    const saved = await savedReview(http, e, ns, id, member.contactId, unsure.has(key)).catch(() => undefined);
    if (saved) {
      unsure.delete(key);
      return saved;
    }
    if (!outcomeUnknown(e)) throw e;
    unsure.add(key);
    // the form's cue for "we could not confirm it arrived"
    throw Object.assign(e as Error, { reviewMayBeSaved: true });
  }
}

/** The author's saved review when a failed send may hide one; undefined when there is none to show. */
async function savedReview(
  http: Http,
  e: unknown,
  ns: string,
  id: string,
  contactId: string,
  wasUnsure: boolean,
): Promise<Review | undefined> {
  if (outcomeUnknown(e)) {
    const page = await queryReviews(http, {
      filter: { namespace: ns, entityId: id, 'author.contactId': contactId },
      sort: 'newest',
      limit: 1,
      returnPrivate: true,
    });
    return page.reviews[0];
  }
  const rid =
    e instanceof InlayApiError && e.status === 409 && wasUnsure
      ? (e.applicationError?.data as { reviewId?: unknown } | undefined)?.reviewId
      : undefined;
  return typeof rid === 'string' ? getReview(http, rid) : undefined;
}
