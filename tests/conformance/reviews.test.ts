/**
 * Conformance of the review calls sdk.test.ts does not reach (issue 38 point 5), through the platform's generated
 * reviews client (`@wix/auto_sdk_reviews_reviews`) unmodified: a member edits their own review (another member is
 * refused), and the admin identity removes a reply.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AppStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as members from '@wix/auto_sdk_members_members';
import * as reviews from '@wix/auto_sdk_reviews_reviews';
import { SITE_ID } from '../../emulator/domain/auth.ts';
import { seedIds } from '../../emulator/seed.ts';
import { createTestMember, DEMO_CLIENT_ID, memberTokens } from '../helpers/emulator.ts';
import { platformBoundary } from './boundary.ts';

const platform = platformBoundary();
const { covers, refuses } = platform;

const memberClient = (tokens: { access: string; refresh: string }) =>
  createClient({
    auth: OAuthStrategy({
      clientId: DEMO_CLIENT_ID,
      tokens: {
        accessToken: { value: tokens.access, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
        refreshToken: { value: tokens.refresh, role: 'member' as never },
      },
    }),
    modules: { reviews, members },
  });
const stool = seedIds.products['folding-camp-stool']!;

describe('a member’s own review; the owner’s reply', () => {
  let author: ReturnType<typeof memberClient>;
  let reviewId: string;
  beforeAll(async () => {
    const id = await createTestMember(platform.emu, 'sdk-review-author@example.com', 'a-long-enough-password');
    author = memberClient(await memberTokens(platform.emu, { id }));
    const { member } = await author.members.getCurrentMember({ fieldsets: ['FULL'] });
    const review = await author.reviews.createReview({
      namespace: 'stores',
      entityId: stool,
      author: { contactId: member!.contactId! },
      content: { title: 'Folds flat', body: 'Fits in the boot.', rating: 4 },
    });
    reviewId = review._id!;
  });

  it('updateReview: the author changes the rating and the text; the review keeps its id', async () => {
    const updated = await author.reviews.updateReview(reviewId, {
      revision: '1',
      content: { title: 'Folds flat, wobbles', body: 'Fits in the boot; one leg is short.', rating: 3 },
    });
    expect(updated).toMatchObject({
      _id: reviewId,
      entityId: stool,
      content: { title: 'Folds flat, wobbles', rating: 3 },
    });
  });

  it('updateReview: another member is refused (403) and the review is unchanged', async () => {
    const other = memberClient(await memberTokens(platform.emu, 'member'));
    await expect(
      other.reviews.updateReview(reviewId, { revision: '1', content: { body: 'Not mine', rating: 1 } }),
    ).rejects.toMatchObject({ status: 403, details: { applicationError: { code: 'PERMISSION_DENIED' } } });
    expect((await author.reviews.getReview(reviewId)).content?.rating).toBe(3);
  });

  it('removeReply (admin): the reply set with setReply is gone', async () => {
    const admin = createClient({
      auth: AppStrategy({ appId: DEMO_CLIENT_ID, appSecret: platform.emu.clientSecret, instanceId: SITE_ID }),
      modules: { reviews },
    });
    const replied = await admin.reviews.setReply(reviewId, 'Thanks, we will look at the leg.');
    expect(replied.review?.reply?.message).toBe('Thanks, we will look at the leg.');
    const removed = await admin.reviews.removeReply(reviewId);
    expect(removed.review).toMatchObject({ _id: reviewId });
    expect(removed.review?.reply?.message ?? '').toBe('');
    expect((await admin.reviews.getReview(reviewId)).reply?.message ?? '').toBe('');
    // the author may not remove the owner's reply
    await admin.reviews.setReply(reviewId, 'Again');
    await expect(author.reviews.removeReply(reviewId)).rejects.toMatchObject({ status: 403 });
  });
});

describe('coverage', () => {
  covers('createReview', 'updateReview', 'getReview', 'replyToReview', 'deleteReviewReply');
  refuses('updateReview', 'deleteReviewReply');
  platform.coverageCase();
});
