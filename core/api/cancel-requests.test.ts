import { describe, expect, it } from 'vitest';
import {
  awaitsAnswer,
  cancelActivity,
  cancelRequestOf,
  declineComment,
  hasRequestTag,
  requestComment,
} from './cancel-requests.ts';

const comment = (message: string) => ({ type: 'MERCHANT_COMMENT', merchantComment: { message } });
const tagged = { privateTags: { tagIds: ['vip', 'cancellation-requested'] } };

describe('a cancellation request as merchant comments and a private tag', () => {
  it('writes and reads back the request (with or without a reason) and the decline; other notes say nothing', () => {
    expect(cancelActivity(comment(requestComment('Too late: sorry')))).toEqual({
      kind: 'REQUESTED',
      reason: 'Too late: sorry',
    });
    expect(cancelActivity(comment(requestComment()))).toEqual({ kind: 'REQUESTED' });
    expect(cancelActivity(comment(declineComment('packed')))).toEqual({ kind: 'DECLINED' });
    expect(cancelActivity(comment(declineComment()))).toEqual({ kind: 'DECLINED' });
    for (const other of ['Gift wrap', 'Cancellation requested by the buyer', 'cancellation requested by the buyer.'])
      expect(cancelActivity(comment(other)), other).toBeUndefined();
    // the words alone are not enough: an activity of another type says nothing
    expect(cancelActivity({ type: 'ORDER_PAID', merchantComment: { message: requestComment() } })).toBeUndefined();
    // a request made before issue 38
    expect(
      cancelActivity({
        type: 'CUSTOM_ACTIVITY',
        customActivity: { type: 'Cancellation requested', additionalData: { reason: 'old' } },
      }),
    ).toEqual({ kind: 'REQUESTED', reason: 'old' });
  });

  it('the last comment decides; the tag alone counts as asked; canceled or rejected orders await nothing', () => {
    const asked = { status: 'APPROVED', activities: [comment(requestComment('a'))] };
    expect(cancelRequestOf(asked)).toEqual({ state: 'REQUESTED', reason: 'a' });
    expect(awaitsAnswer(asked)).toBe(true);
    const declined = { ...asked, tags: tagged, activities: [...asked.activities, comment(declineComment())] };
    expect(cancelRequestOf(declined)).toEqual({ state: 'DECLINED' }); // the comment wins over a tag left behind
    expect(awaitsAnswer(declined)).toBe(false);
    const again = { ...declined, activities: [...declined.activities, comment(requestComment())] };
    expect(cancelRequestOf(again)).toEqual({ state: 'REQUESTED' });
    expect(cancelRequestOf({ status: 'APPROVED', tags: tagged })).toEqual({ state: 'REQUESTED' });
    expect(hasRequestTag({ tags: { privateTags: { tagIds: ['vip'] } } })).toBe(false);
    expect(cancelRequestOf({ status: 'APPROVED', activities: [comment('Gift wrap')] })).toBeUndefined();
    expect(awaitsAnswer({ ...asked, status: 'CANCELED' })).toBe(false);
    expect(awaitsAnswer({ ...asked, status: 'REJECTED' })).toBe(false);
    expect(awaitsAnswer({ status: 'PENDING', tags: { privateTags: { tagIds: 'cancellation-requested' } } })).toBe(
      false,
    );
  });
});
