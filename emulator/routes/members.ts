/**
 * Members (wire-protocol §5): the signed-in member's own record. Member tokens only (visitors get 403, no token 401).
 */
import { z } from 'zod';
import { api } from '../../core/urls.ts';
import { revokeMemberTokens } from '../domain/auth.ts';
import { forbidden, notFound } from '../errors.ts';
import { deleteMember, memberById, setMemberPrivacy, toWireMember, updateMemberProfile } from '../domain/identity.ts';
import type { RequestContext, RouteModule } from '../router.ts';
import { validate } from '../validate.ts';

const fieldsetSchema = z.enum(['PUBLIC', 'EXTENDED', 'FULL']);
const updateSchema = z.object({
  member: z.object({
    id: z.string().optional(),
    profile: z
      .object({ nickname: z.string().trim().min(1).max(100).optional() })
      .loose()
      .optional(),
    contact: z
      .object({ firstName: z.string().max(100).optional(), lastName: z.string().max(100).optional() })
      .loose()
      .optional(),
  }),
  fieldMask: z.unknown().optional(),
});
const deleteSchema = z.object({ contentAssigneeId: z.string().max(100).optional() });

/** The widest fieldset asked for (`fieldsets` repeats; the default is PUBLIC). */
function fieldset(ctx: RequestContext): 'PUBLIC' | 'EXTENDED' | 'FULL' {
  const asked = [...ctx.query.getAll('fieldsets'), ...ctx.query.getAll('fieldSet')].map((v) =>
    validate(fieldsetSchema, v, 'fieldsets'),
  );
  return asked.includes('FULL') ? 'FULL' : asked.includes('EXTENDED') ? 'EXTENDED' : 'PUBLIC';
}

function own(ctx: RequestContext) {
  const me = ctx.requireMember();
  const m = memberById(ctx.db, me.memberId);
  if (!m) throw notFound('Member not found', 'MEMBER_NOT_FOUND');
  return { me, m };
}

export const membersRoutes: RouteModule = (router) => {
  router.operation(api.myMember, (ctx) => {
    const fs = fieldset(ctx);
    return { json: { member: toWireMember(own(ctx).m, fs) } };
  });

  router.operation(api.updateMember, (ctx) => {
    // a member updates their own record; the site's backend (an admin identity) any member's. No member role
    // reaches another member's record.
    const who = ctx.caller();
    const id = ctx.params['id'] ?? '';
    if (who.kind === 'visitor') throw forbidden('Sign in as a member to update a member');
    if (who.kind === 'member' && id !== who.memberId) throw forbidden('Members may update only their own record');
    if (!memberById(ctx.db, id)) throw notFound('Member not found', 'MEMBER_NOT_FOUND');
    const { member } = validate(updateSchema, ctx.body);
    updateMemberProfile(
      ctx.db,
      id,
      { nickname: member.profile?.nickname, firstName: member.contact?.firstName, lastName: member.contact?.lastName },
      ctx.now(),
    );
    return { json: { member: toWireMember(memberById(ctx.db, id)!) } };
  });

  // Joining the community makes the profile public; leaving makes it private (the spec shows no other effect).
  for (const [op, privacy] of [
    [api.joinCommunity, 'PUBLIC'],
    [api.leaveCommunity, 'PRIVATE'],
  ] as const) {
    router.operation(op, (ctx) => {
      const { m } = own(ctx);
      setMemberPrivacy(ctx.db, m.id, privacy, ctx.now());
      return { json: { member: toWireMember(memberById(ctx.db, m.id)!) } };
    });
  }

  router.operation(api.deleteMyMember, (ctx) => {
    const { m } = own(ctx);
    validate(deleteSchema, ctx.body);
    if (m.role === 'OWNER') throw forbidden('The site owner cannot delete their member record here');
    revokeMemberTokens(ctx.db, m.id);
    deleteMember(ctx.db, m.id);
    return { json: {} };
  });
};
