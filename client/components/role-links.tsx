import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import type { MemberRoles } from '../../shared/auth/account-api.ts';
import { currentMember } from './current-member.ts';

/**
 * The header's links to the tools a member's roles open: "Studio" (the developer dashboard) for developer
 * accounts, "Editor" for the site's editors. Nothing on the server or for visitors (public pages are the
 * same for everyone): member-header-tools.tsx shows it only with a session, and a member's roles come from
 * the API, which reads them from their record. The pages themselves check the role again (client/components/role-access.ts, the API).
 */
export function RoleLinks() {
  const [roles, setRoles] = useState<MemberRoles | null>(null);

  useEffect(() => {
    let current = true;
    currentMember().then(
      (me) => {
        if (current) setRoles(me.roles);
      },
      () => undefined, // Without an answer the header offers no tools; the pages are still reachable.
    );
    return () => {
      current = false;
    };
  }, []);

  if (!roles) return null;
  return (
    <>
      {roles.developer || roles.admin ? <NavLink to="/developer">Studio</NavLink> : null}
      {roles.admin ? <NavLink to="/editor">Editor</NavLink> : null}
    </>
  );
}
