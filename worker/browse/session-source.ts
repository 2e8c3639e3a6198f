import type { Context } from 'hono';
import { redirect } from 'react-router';
import { BROWSE_START, type SessionSource } from '../../client/auth/session-context.ts';
import { catalogueQuerySchema, catalogueSelectionOf } from '../../shared/schemas/catalogue-selection.ts';
import type { AppEnv } from '../app-env.ts';
import { browsePageData } from './browse-page-data.ts';
import { sessionUser } from '../auth/require-user.ts';

/**
 * The browse guard on the server: the page is rendered for a user proven by a verified ID token in the
 * `__session` cookie; anyone else is sent to the root (spec section 2). A catalogue address it cannot show
 * goes to the browse start, as the browser's guard does.
 */
export function serverSessionSource(c: Context<AppEnv>): SessionSource {
  return {
    async browsePage(request) {
      const user = await sessionUser(c);
      // react-router's way: a thrown Response redirects.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (!user) throw redirect('/');
      const query = catalogueQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (!query.success) throw redirect(BROWSE_START);
      return browsePageData(c.var.database, user, catalogueSelectionOf(query.data));
    },
  };
}
