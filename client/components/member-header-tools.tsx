import { NotificationsPanel } from './notifications-panel.tsx';
import { RoleLinks } from './role-links.tsx';

/** A signed-in member's part of the header (loaded by member-header.tsx): their tools' links, then the bell. */
export function MemberHeaderTools() {
  return (
    <>
      <RoleLinks />
      <NotificationsPanel />
    </>
  );
}
