import { lazy, Suspense, useState } from 'react';

// The browse page's "Bring your library" section: folded, and its code (reading files, matching,
// following, the export) loaded only when a member opens it, so the browse page does not carry it.
const LibraryImport = lazy(() =>
  import('./library-import.tsx').then((module) => ({ default: module.LibraryImport })),
);

/** Bringing a library in from another tracker or store, and taking everything out again. */
export function LibrarySection() {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="account-settings library-section"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>Bring your library</summary>
      {opened ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <LibraryImport />
        </Suspense>
      ) : null}
    </details>
  );
}
