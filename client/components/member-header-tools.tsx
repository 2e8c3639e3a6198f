import { AccountMenu } from './account-menu.tsx';
import { NotificationsPanel } from './notifications-panel.tsx';
import { RoleLinks } from './role-links.tsx';

/** A signed-in member's part of the header (loaded by member-header.tsx): their tools' links, the bell, then their account menu. */
export function MemberHeaderTools() {
  return (
    <>
      <RoleLinks />
      <NotificationsPanel />
      <AccountMenu />
    </>
  );
}
