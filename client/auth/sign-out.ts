import { loadAuthService } from './auth-service.ts';

/**
 * Signs the member out and takes them to the home page: the one way out, whether from the browse page's
 * button or the header's account menu, so both end the session the same way.
 */
export function signOutAndGoHome(navigate: (to: string) => unknown): void {
  void loadAuthService()
    .then((auth) => auth.signOut())
    .then(() => navigate('/'));
}
