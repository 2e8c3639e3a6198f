import { loadDemoData } from '../../seed/demo-data.ts';
import { demoMemberEmail, demoMemberUid } from '../../seed/seed-members.ts';

/** The password of every demo member in the local Auth emulator (documented in the README). */
export const DEMO_PASSWORD = 'questline-demo';

/**
 * Gives every demo member an account in the local Auth emulator, with the member's uid, so a developer can
 * sign in as one of them. Uses the emulator's admin endpoint (what the Admin SDK's createUser calls;
 * `Bearer owner` is the emulator's administrator). Accounts that exist already are left as they are.
 */
export async function ensureDemoAccounts(authEmulatorUrl: string, projectId: string): Promise<number> {
  let created = 0;
  for (const member of loadDemoData().members) {
    const response = await fetch(
      `${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`,
      {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          localId: demoMemberUid(member.username),
          email: demoMemberEmail(member.username),
          password: DEMO_PASSWORD,
          displayName: member.username,
          emailVerified: true,
        }),
      },
    );
    const answer = await response.text();
    if (response.ok) created++;
    else if (!/DUPLICATE_LOCAL_ID|EMAIL_EXISTS/.test(answer))
      throw new Error(
        `The Auth emulator refused demo account ${member.username}: ${String(response.status)}`,
      );
  }
  return created;
}
