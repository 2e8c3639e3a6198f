import { z } from 'zod';
import { usernameSchema } from '../schemas/user.ts';

/** `POST /api/accounts`: register the signed-in Firebase user as a member with this username. */
export const registerAccountSchema = z.object({ username: usernameSchema });
export type RegisterAccountRequest = z.infer<typeof registerAccountSchema>;
