import { Link, NavLink, Outlet, useNavigation } from 'react-router';
import { GAME_DATA_ATTRIBUTION } from '../shared/constants.ts';
import { MemberHeader } from './components/member-header.tsx';
import { SearchBox } from './components/search-box.tsx';
import { SignInLink } from './components/sign-in-link.tsx';

/** The frame of every page: site header, the page, and the footer with the catalogue's attribution. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand" aria-label="Questline home">
          <span aria-hidden="true" className="brand-mark">
            ◆
          </span>
          Questline
        </Link>
        <SearchBox />
        <nav aria-label="Main">
          <NavLink to="/" end>
            Discover
          </NavLink>
          <NavLink to="/browse">Browse</NavLink>
          <MemberHeader />
          <SignInLink />
        </nav>
      </header>
      <div className="progress" data-active={navigation.state !== 'idle'} aria-hidden="true" />
      <main id="main" className="page" aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>Questline — find your next game, and the people who play it.</p>
        <p className="attribution">{GAME_DATA_ATTRIBUTION}</p>
      </footer>
    </>
  );
}
