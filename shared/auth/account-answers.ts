import { z } from 'zod';
import type {
  AuthClientConfig,
  CurrentMember,
  CurrentUserRecord,
  MemberRoles,
  UsernameAvailability,
} from './account-api.ts';

// What the accounts endpoints answer (worker/api/accounts.ts, me.ts), as the schemas their route
// definitions carry: they type the browser's client. The browser's auth code keeps to the plain types of
// shared/auth/account-api.ts (no zod in its chunk); `satisfies` holds the two together.

/** `GET /api/accounts/config`: what the browser's Firebase Auth client needs (all public values). */
export const authClientConfigSchema = z.object({
  apiKey: z.string(),
  projectId: z.string(),
  authEmulatorUrl: z.string().nullable(),
  functionsBaseUrl: z.string(),
  publicAppMode: z.boolean(),
  databaseUrl: z.string(),
  databaseNamespace: z.string(),
}) satisfies z.ZodType<AuthClientConfig>;

/** `GET /api/accounts/usernames/{username}`: whether the name is free to sign up with. */
export const usernameAvailabilitySchema = z.object({
  username: z.string(),
  available: z.boolean(),
}) satisfies z.ZodType<UsernameAvailability>;

/** A member's own sections of the database, as read with their token (null: none). */
const ownSectionSchema = z.record(z.string(), z.unknown()).nullable();

/** `POST /api/accounts`: the signed-in user's own record, section by section. */
export const currentUserRecordSchema = z.object({
  uid: z.string(),
  registered: z.boolean(),
  guest: z.boolean(),
  displayName: z.string().nullable(),
  public: ownSectionSchema,
  private: ownSectionSchema,
  developer: ownSectionSchema,
  readOnly: ownSectionSchema,
}) satisfies z.ZodType<CurrentUserRecord>;

const memberRolesSchema = z.object({
  developer: z.boolean(),
  admin: z.boolean(),
}) satisfies z.ZodType<MemberRoles>;

/** `GET /api/me`: the record, and the roles the member holds beyond a member's. */
export const currentMemberSchema = currentUserRecordSchema.extend({
  roles: memberRolesSchema,
}) satisfies z.ZodType<CurrentMember>;
