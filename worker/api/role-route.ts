import { requireRole } from '../auth/require-role.ts';
import { limitMemberWrites } from '../rate-limit/limits.ts';
import { memberRoute } from './route-definition.ts';
import { TOO_MANY_WRITES, type Failure } from './route-failures.ts';

// The endpoints of the two roles beyond a member (worker/auth/require-role.ts): the site editors' tools
// (`/api/editor`) and the developers' (`/api/developer`). Each is a member route whose caller must also
// hold the role, read from their own record, and whose writes count against the member's and their
// address's write limits; both checks run before the request is validated, as they did when each area
// guarded its whole router, so a member without the role learns nothing of what the endpoint takes.

/** A member route's definition, before the role's middleware and failures are added. */
type RoleDefinition = Omit<Parameters<typeof memberRoute>[0], 'middleware'>;

const EDITORS_ONLY: Failure = {
  status: 403,
  code: 'forbidden',
  when: 'The caller is not a site editor (`admin.auth` on their record).',
  message: 'Only editors can do this.',
};

const DEVELOPERS_ONLY: Failure = {
  status: 403,
  code: 'forbidden',
  when: 'The caller is neither a developer account (`readOnly.isDeveloper`) nor an editor.',
  message: 'Only developer accounts can do this.',
};

/** The role's refusal, and the write limit's for what is not a read. */
function roleRefusals(definition: RoleDefinition, role: Failure): Failure[] {
  return [role, ...(definition.method === 'get' ? [] : [TOO_MANY_WRITES]), ...(definition.refusals ?? [])];
}

/** An endpoint of the site editors' tools: a signed-in editor only (403 for any other member). */
export function editorRoute<const R extends RoleDefinition>(definition: R) {
  return memberRoute({
    ...definition,
    middleware: [requireRole('admin'), limitMemberWrites],
    refusals: roleRefusals(definition, EDITORS_ONLY),
  });
}

/** An endpoint of the developers' tools: a signed-in developer account or editor (403 for any other member). */
export function developerRoute<const R extends RoleDefinition>(definition: R) {
  return memberRoute({
    ...definition,
    middleware: [requireRole('developer'), limitMemberWrites],
    refusals: roleRefusals(definition, DEVELOPERS_ONLY),
  });
}
