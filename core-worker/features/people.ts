/**
 * The directory: one person's details for their profile card (users/details)
 * and searching people (members/search). A blocked user's details answer
 * 'This user has been blocked from your organization': logged, and the card
 * shows the user as blocked — no error (spec 2 §8, spec 3 §8).
 */
import { BLOCKED_USER_MESSAGE } from '../../protocol/rest/people';
import { fail, ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

export function createPeopleFeature(ctx: CoreContext): Feature<'$loadUserDetails' | '$searchPeople'> {
  return {
    api: {
      async $loadUserDetails(userGuid) {
        await ctx.ready();
        const at = ctx.epoch;
        const result = await ctx.api.call('userDetails', { target_user_guid: userGuid, include_blocked: false });
        if (at !== ctx.epoch) return ok(null);
        if (result.ok) {
          if (result.value.user.target_user_guid !== userGuid) {
            ctx.rejections.reject('userDetails', `details of ${result.value.user.target_user_guid} for ${userGuid}`);
            return fail({ name: 'InvalidResponse', message: 'The server answered about someone else.' });
          }
          ctx.dispatch('rest', [{ type: 'user.detailed', user: result.value.user, blocked: result.value.user.is_blocked }]);
          return ok(null);
        }
        const known = ctx.projections.session.usersByGuid.get(userGuid);
        if (result.error.message === BLOCKED_USER_MESSAGE && known) {
          ctx.deps.logger.info(`users/details ${userGuid}: ${BLOCKED_USER_MESSAGE}`);
          ctx.dispatch('rest', [{ type: 'user.detailed', user: { ...known, is_blocked: true }, blocked: true }]);
          return ok(null);
        }
        return result;
      },

      async $searchPeople(term) {
        await ctx.ready();
        const at = ctx.epoch;
        const result = await ctx.api.call('membersSearch', { name: term.trim(), details: false, include_blocked: false });
        if (at !== ctx.epoch) return ok(null);
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'people.searched', term: term.trim(), users: result.value.members }]);
        return ok(null);
      },
    },
  };
}
