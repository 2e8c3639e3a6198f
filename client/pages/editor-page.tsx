import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ApiFailure } from '../../shared/api/contract.ts';
import { callApi, useBrowserSession } from '../components/browser-capabilities.ts';
import { EditorDevelopers } from '../components/editor-developers.tsx';
import { editorFailure } from '../components/editor-failure.ts';
import { EditorHighlights } from '../components/editor-highlights.tsx';
import { EditorLists } from '../components/editor-lists.tsx';
import { EditorLogs } from '../components/editor-logs.tsx';
import { PageMeta } from '../components/page-meta.tsx';

/** Who is looking, as far as the editor's tools go. */
type Access = 'checking' | 'signed-out' | 'denied' | 'editor' | { failed: string };

/**
 * The site editors' page (`admin.auth`): developers, the home page's highlights, the curated lists and
 * the logs. The server renders the same empty frame for everyone (nothing of any member is in it); after
 * hydration the browser asks the editors' API, which alone decides who is an editor, and shows the tools,
 * a way to sign in, or why not.
 */
export function Component() {
  const session = useBrowserSession();
  const [hydrated, setHydrated] = useState(false);
  const [access, setAccess] = useState<Access>('checking');

  useEffect(() => {
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (!hydrated) return;
    if (!session) {
      setAccess('signed-out');
      return;
    }
    setAccess('checking');
    callApi('GET /editor/highlights', {}).then(
      () => {
        setAccess('editor');
      },
      (error: unknown) => {
        const status = (error as Partial<ApiFailure>).status;
        setAccess(
          status === 403 ? 'denied' : status === 401 ? 'signed-out' : { failed: editorFailure(error) },
        );
      },
    );
  }, [hydrated, session]);

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
        {typeof access === 'object' ? <p role="alert">{access.failed}</p> : null}
      </section>
      {access === 'editor' ? (
        <div className="editor-sections">
          <EditorLists />
          <EditorHighlights />
          <EditorDevelopers />
          <EditorLogs />
        </div>
      ) : null}
    </>
  );
}
