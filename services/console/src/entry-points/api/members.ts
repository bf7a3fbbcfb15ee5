import { defineRoute, MEMBER_ROLES, noContent, ok, created, memberSessionOf } from '@finance/platform';
import { z } from 'zod';
import type { ConsoleDeps } from '../../domain/deps';
import { addMember, changeMember, listOrgMembers, orgSettings, removeOrgMember, requireAdminTotp, resetPassword, resetTotp } from '../../domain/members';
import { addedMemberView, memberView, memberWithPasswordView, orgView } from '../../views/views';

const memberId = z.object({ id: z.uuid() });
const NOT_ONESELF = 'CANNOT_CHANGE_SELF: an admin does not do this to themselves (another admin does)';
const NOT_HERE = 'NOT_FOUND: no such member in the organization';

/** The organization's members and settings: admins only. Each change to a member ends the member's sessions. */
export function memberRoutes(deps: ConsoleDeps) {
  return [
    defineRoute({
      method: 'get',
      path: '/members',
      permission: 'admin:members',
      summary: "The organization's members",
      response: z.array(memberView),
      handler: async ({ auth }) => ok(await listOrgMembers(deps, memberSessionOf(auth))),
    }),
    defineRoute({
      method: 'post',
      path: '/members',
      permission: 'admin:members',
      summary: 'Add a member: a one-time password, answered once (the same answer whether or not the email exists)',
      body: z.object({ email: z.string(), role: z.enum(MEMBER_ROLES) }),
      response: addedMemberView,
      handler: async ({ auth, body }) => created(await addMember(deps, memberSessionOf(auth), body)),
    }),
    defineRoute({
      method: 'patch',
      path: '/members/:id',
      permission: 'admin:members',
      summary: 'Change a role, disable or enable a member',
      params: memberId,
      body: z.object({ role: z.enum(MEMBER_ROLES).optional(), disabled: z.boolean().optional() }),
      response: memberView,
      errors: { 404: NOT_HERE, 409: NOT_ONESELF },
      handler: async ({ auth, params, body }) => ok(await changeMember(deps, memberSessionOf(auth), params.id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/members/:id',
      permission: 'admin:members',
      summary: 'Remove a member',
      params: memberId,
      errors: { 404: NOT_HERE, 409: NOT_ONESELF },
      handler: async ({ auth, params }) => {
        await removeOrgMember(deps, memberSessionOf(auth), params.id);
        return noContent();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/members/:id/password-reset',
      permission: 'admin:members',
      status: 200,
      summary: "Reset a member's password: a new one-time password, answered once",
      params: memberId,
      response: memberWithPasswordView,
      errors: { 404: NOT_HERE, 409: NOT_ONESELF },
      handler: async ({ auth, params }) => ok(await resetPassword(deps, memberSessionOf(auth), params.id)),
    }),
    defineRoute({
      method: 'post',
      path: '/members/:id/totp-reset',
      permission: 'admin:members',
      status: 200,
      summary: "Turn off a member's lost two-factor sign-in",
      params: memberId,
      response: memberView,
      errors: { 404: NOT_HERE, 409: NOT_ONESELF },
      handler: async ({ auth, params }) => ok(await resetTotp(deps, memberSessionOf(auth), params.id)),
    }),
    defineRoute({
      method: 'get',
      path: '/org',
      permission: 'admin:org',
      summary: "The organization's settings",
      response: orgView,
      handler: async ({ auth }) => ok(orgSettings(memberSessionOf(auth))),
    }),
    defineRoute({
      method: 'patch',
      path: '/org',
      permission: 'admin:org',
      summary: 'Require two-factor sign-in of the organization’s admins, or not',
      body: z.object({ require_admin_totp: z.boolean() }),
      response: orgView,
      handler: async ({ auth, body }) => ok(await requireAdminTotp(deps, memberSessionOf(auth), body.require_admin_totp)),
    }),
  ];
}
