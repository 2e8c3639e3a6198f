import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isGuestName, type CurrentMember } from '../../shared/auth/account-api.ts';
import { signOutAndGoHome } from './browser-capabilities.ts';
import { currentMember } from './current-member.ts';
import { useDisclosure } from './use-disclosure.ts';

// The signed-in member's account menu (loaded with member-header-tools.tsx), after the bell: their picture
// or initial, opening their profile, Browse and Sign out. A guest's profile exists under its `web-…` name,
// so it is offered too, with a way to keep what they did by creating an account.

/** Who the button shows: the name their profile is under and the picture on it, when there is one. */
interface Account {
  name: string;
  guest: boolean;
  icon: string | null;
}

/** A picture address as the site writes it (https, or uploaded here): the record is the member's own to edit. */
function pictureOf(value: unknown): string | null {
  return typeof value === 'string' && /^(https:\/\/|\/media\/)/.test(value) ? value : null;
}

function accountOf(me: CurrentMember): Account | null {
  const username = me.public?.username;
  const name = typeof username === 'string' && username !== '' ? username : me.displayName;
  if (!name) return null;
  return {
    name,
    guest: me.guest || isGuestName(name),
    icon: pictureOf(me.public?.icon) ?? pictureOf(me.public?.fbicon),
  };
}

/**
 * The picture over the name's initial (shown until the picture loads, and if it never does: a failed image
 * is hidden by the document's error listener, worker/render/document.tsx).
 */
function AccountPicture({ account }: { account: Account | null }) {
  return (
    <span className="account-picture" aria-hidden="true">
      {account ? account.name.charAt(0).toUpperCase() : null}
      {/* Keyed by its address: a new picture gets a new image, not one still hidden by an earlier failure. */}
      {account?.icon ? (
        <img key={account.icon} src={account.icon} alt="" width={32} height={32} data-fallback="" />
      ) : null}
    </span>
  );
}

export function AccountMenu() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { open, setOpen, close, root, buttonProps, panelId } = useDisclosure<
    HTMLDivElement,
    HTMLButtonElement
  >();
  const [account, setAccount] = useState<Account | null>(null);

  // Read again on every navigation (the answer is kept per session, so this is free), so that after
  // signing in as someone else in another tab the menu names who is signed in now; the menu closes.
  useEffect(() => {
    let current = true;
    setOpen(false);
    currentMember().then(
      (me) => {
        if (current) setAccount(accountOf(me));
      },
      () => undefined, // Without an answer the menu still offers Browse and Sign out.
    );
    return () => {
      current = false;
    };
  }, [pathname, setOpen]);

  const here = `${pathname}${search}`;
  // A link to the page already open (their profile, from their profile) does not navigate: close anyway.
  const closeMenu = () => {
    close(false);
  };
  return (
    <div className="account" ref={root}>
      <button
        {...buttonProps}
        type="button"
        className="account-button"
        aria-label="Account"
        onClick={() => {
          setOpen(!open);
        }}
      >
        <AccountPicture account={account} />
      </button>
      <div id={panelId} className="account-menu" hidden={!open}>
        {account ? (
          <p className="account-name">
            {account.guest ? 'Browsing as a guest' : 'Signed in as'} <strong>{account.name}</strong>
          </p>
        ) : null}
        <ul>
          {account ? (
            <li>
              <Link to={`/user/${encodeURIComponent(account.name)}`} onClick={closeMenu}>
                Your profile
              </Link>
            </li>
          ) : null}
          {account?.guest ? (
            <li>
              <Link to={`/signup?next=${encodeURIComponent(here)}`} onClick={closeMenu}>
                Create an account
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/browse" onClick={closeMenu}>
              Browse
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close(false);
                signOutAndGoHome(navigate);
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
