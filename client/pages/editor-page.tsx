import { Link } from 'react-router';
import { callApi } from '../components/browser-capabilities.ts';
import { EditorDevelopers } from '../components/editor-developers.tsx';
import { apiFailureText } from '../components/api-failure-text.ts';
import { EditorHighlights } from '../components/editor-highlights.tsx';
import { EditorLists } from '../components/editor-lists.tsx';
import { EditorLogs } from '../components/editor-logs.tsx';
import { EditorReports } from '../components/editor-reports.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { useRoleAccess } from '../components/role-access.ts';

/**
 * The site editors' page (`admin.auth`): members' reports, developers, the home page's highlights, the
 * curated lists and the logs. The server renders the same empty frame for everyone (nothing of any member
 * is in it); after hydration the browser asks the editors' API, which alone decides who is an editor, and
 * shows the tools, a way to sign in, or why not.
 */
export function Component() {
  const [access] = useRoleAccess(() => callApi((api) => api.editor.highlights.$get()), apiFailureText);

  return (
    <>
      <PageMeta title="Editor" description="Questline's editors' tools." path="/editor" noindex />
      <section className="editor-intro">
        <h1>Editor</h1>
        {access === 'checking' ? <p>Loading the editors’ tools…</p> : null}
        {access === 'signed-out' ? (
          <p>
            <Link to="/login?next=/editor">Sign in</Link> with an editor’s account to curate the site.
          </p>
        ) : null}
        {access === 'denied' ? <p>Only editors can use this page.</p> : null}
        {typeof access === 'object' && 'failed' in access ? <p role="alert">{access.failed}</p> : null}
      </section>
      {typeof access === 'object' && 'granted' in access ? (
        <div className="editor-sections">
          <EditorReports />
          <EditorLists />
          <EditorHighlights />
          <EditorDevelopers />
          <EditorLogs />
        </div>
      ) : null}
    </>
  );
}
