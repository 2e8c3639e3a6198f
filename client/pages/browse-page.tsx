import { lazy, Suspense, useEffect } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import type { BrowsePageData } from '../../shared/api/browse-page.ts';
import { loadAuthService } from '../auth/auth-service.ts';
import { AuthCard, AuthForm, FIELDS, useAuthForms } from '../auth/auth-form.tsx';
import { resetForm } from '../auth/form-values.ts';
import { hearSessionElsewhere } from '../components/session-channel.ts';
import { signOutAndGoHome } from '../components/browser-capabilities.ts';
import { BlockedSection } from '../components/blocked-section.tsx';
import { CatalogueSection } from '../components/catalogue-section.tsx';
import { GameGrid } from '../components/game-card.tsx';
import { useGamesWithHiddenTags } from '../components/hidden-tag-games.ts';
import { HiddenTagsSection } from '../components/hidden-tags-section.tsx';
import { HomeFeed } from '../components/home-feed.tsx';
import { LibrarySection } from '../components/library-section.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { ProfileEditor } from '../components/profile-editor.tsx';
import { SuggestionDeck } from '../components/suggestion-deck.tsx';
import { TopRatedGrid } from '../components/top-rated-grid.tsx';

// The first visit's step: loaded only for a member who has not been through it, so browse stays light.
const FirstVisit = lazy(() =>
  import('../components/first-visit/first-visit.tsx').then((module) => ({ default: module.FirstVisit })),
);

/**
 * The browse page, only for a signed-in member (the guard in its loader): games to answer one after
 * another, the games they follow, and the catalogue by genre and tag; account settings at the end, folded.
 * Browsing a genre or tag (`?genre=…`) shows that part of the catalogue alone.
 */
export function Component() {
  const { me, suggestions, followGames, topRated, blocked, catalogue, hiddenTags } =
    useLoaderData<BrowsePageData>();
  // Top rated is kept for everyone: games with a tag the member hides leave it once hydrated, as on home.
  const hiddenTopRated = useGamesWithHiddenTags(topRated.map(({ game }) => game.uuid));
  const username = typeof me.public?.username === 'string' ? me.public.username : null;
  const name = username ?? me.displayName ?? 'there';
  const browsingCatalogue = catalogue.selected !== null;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  // Written false at sign-up (and for a guest); accounts from before the first visit have no value.
  const firstVisit = !browsingCatalogue && me.private?.isOnboarded === false;

  // Signed out (or in as someone else) in another tab: the guard decides again, as for a new visit.
  useEffect(() => hearSessionElsewhere(() => void revalidate()), [revalidate]);

  return (
    <>
      <PageMeta title="Browse" description="Your Questline." path="/browse" noindex />
      <section className="browse-intro">
        <h1>{browsingCatalogue ? `${catalogue.selected?.name ?? ''} games` : `Hi, ${name}`}</h1>
        {me.guest && !browsingCatalogue ? (
          <p>
            You are browsing as a guest. <Link to="/signup?next=/browse">Create an account</Link> to keep what
            you do here.
          </p>
        ) : null}
        {catalogue.selected?.facet === 'tag' && hiddenTags.includes(catalogue.selected.slug) ? (
          <p>You hide this tag: its games show here because you opened it, and nowhere else.</p>
        ) : null}
        {browsingCatalogue ? null : (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              signOutAndGoHome(navigate);
            }}
          >
            Sign out
          </button>
        )}
      </section>
      {browsingCatalogue ? null : (
        <>
          {/* Read again when the member hides or shows a tag: posts on those games leave or come back. */}
          <HomeFeed key={hiddenTags.join(',')} />
          {firstVisit ? (
            // Where the suggestions are, until it is done or skipped; then browse is read again, its
            // suggestions built from the picks.
            <Suspense fallback={<p role="status">Loading…</p>}>
              <FirstVisit onFinished={revalidate} />
            </Suspense>
          ) : null}
          <SuggestionDeck games={suggestions} />
          <GameGrid id="followed-games" title="Games you follow" games={followGames} />
          {followGames.length === 0 ? (
            <p className="browse-empty">Games you follow show up here: follow one from its page.</p>
          ) : null}
          <TopRatedGrid
            id="browse-top-rated"
            games={topRated.filter(({ game }) => !hiddenTopRated.has(game.uuid))}
          />
          <LibrarySection />
        </>
      )}
      <CatalogueSection catalogue={catalogue} />
      {browsingCatalogue || me.guest ? null : (
        <ProfileEditor uid={me.uid} icon={textOf(me.public?.icon)} header={textOf(me.public?.header)} />
      )}
      {browsingCatalogue ? null : <HiddenTagsSection tags={catalogue.tags} hiddenTags={hiddenTags} />}
      {browsingCatalogue ? null : <BlockedSection blocked={blocked} />}
      {browsingCatalogue ? null : <AccountSettings guest={me.guest} />}
    </>
  );
}

/** A text field of the member's record, when it is one. */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Changing the password: out of the way, folded at the end of the page (a guest has none). */
function AccountSettings({ guest }: { guest: boolean }) {
  const forms = useAuthForms();
  if (guest) return null;
  return (
    <details className="account-settings">
      <summary>Account settings</summary>
      <AuthCard title="Change password" level={2}>
        <AuthForm
          forms={forms}
          flow="change-password"
          fields={[FIELDS.currentPassword, FIELDS.newPassword]}
          submitLabel="Change password"
          onSubmit={async ({ currentPassword, newPassword }, form) => {
            await (await loadAuthService()).changePassword(currentPassword, newPassword);
            resetForm(form);
          }}
          notice="Your password has been changed."
        />
      </AuthCard>
    </details>
  );
}
