/**
 * The API reference's stylesheet, served as a file of its own (/api/docs.css) rather than inline, so the
 * page needs no `unsafe-inline` style from the Content-Security-Policy. Colours keep at least 4.5:1
 * contrast against their background (WCAG 2.2, 1.4.3).
 */
export const REFERENCE_STYLESHEET = `
:root { color-scheme: light; --ink: #1c1f24; --muted: #4a5260; --line: #d8dce3; --panel: #f5f6f8; --accent: #3b2db3; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
  display: grid; grid-template-columns: 20rem minmax(0, 1fr); grid-template-areas: "nav header" "nav main"; }
header { grid-area: header; padding: 2rem 2.5rem 0; max-width: 62rem; }
nav { grid-area: nav; position: sticky; top: 0; align-self: start; height: 100vh; overflow-y: auto;
  padding: 1.5rem 1rem; background: var(--panel); border-right: 1px solid var(--line); font-size: 0.875rem; }
nav h2 { font-size: 1rem; margin: 0 0 0.5rem; padding: 0; border: 0; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav li li a { display: flex; gap: 0.4rem; align-items: baseline; padding: 0.15rem 0 0.15rem 0.5rem; color: var(--ink);
  text-decoration: none; overflow-wrap: anywhere; }
nav .method { min-width: 3.6rem; flex: none; }
nav li li a:hover, nav li li a:focus-visible { text-decoration: underline; }
nav > ul > li { margin-bottom: 0.75rem; }
/* Every link of the list is at least 24px high (WCAG 2.2, 2.5.8 target size). */
nav a { min-height: 1.5rem; }
nav > ul > li > a { display: inline-flex; align-items: center; font-weight: 600; color: var(--accent); }
main { grid-area: main; padding: 0 2.5rem 4rem; max-width: 62rem; }
a { color: var(--accent); }
h1 { font-size: 2rem; margin: 0.25rem 0 1rem; }
h2 { font-size: 1.5rem; margin: 2.5rem 0 0.5rem; padding-top: 1rem; border-top: 2px solid var(--ink); }
h3 { font-size: 1.125rem; margin: 0 0 0.5rem; display: flex; gap: 0.6rem; align-items: center; flex-wrap: wrap; }
h4 { font-size: 0.95rem; margin: 1.25rem 0 0.4rem; }
.operation { border: 1px solid var(--line); border-radius: 8px; padding: 1.25rem 1.5rem; margin: 1.25rem 0; }
.summary { font-weight: 600; margin: 0 0 0.25rem; }
.method { display: inline-block; min-width: 4.2rem; text-align: center; border-radius: 4px; padding: 0.1rem 0.4rem;
  font: 700 0.75rem/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; color: #fff; }
.get { background: #1f6f43; } .post { background: #2450a6; } .put { background: #7a4a00; }
.patch { background: #6a3d9a; } .delete { background: #a8232b; }
.path { font-size: 1rem; word-break: break-all; }
.member, .public, .status { font-size: 0.75rem; font-weight: 600; border-radius: 999px; padding: 0.1rem 0.6rem;
  margin-left: 0.4rem; vertical-align: middle; }
.member { background: #fbe9c8; color: #5c3b00; } .public { background: #dcefe3; color: #1c4d30; }
.status { background: var(--panel); color: var(--ink); border: 1px solid var(--line); }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9em; }
p code, td code, li code { background: var(--panel); padding: 0.05rem 0.3rem; border-radius: 3px; }
/* Wrapped rather than scrolled: a scrolling box would need to be reachable by keyboard too. */
pre { background: #16181d; color: #eef0f3; padding: 0.9rem 1rem; border-radius: 6px; white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: 0.82rem; line-height: 1.45; margin: 0.4rem 0; }
pre.curl { background: #23262e; }
details { margin: 0.25rem 0 0.5rem; } summary { cursor: pointer; color: var(--accent); font-size: 0.875rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.875rem; margin: 0.25rem 0; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: 0.4rem 0.5rem; }
thead th { color: var(--muted); font-weight: 600; }
.schema { color: var(--muted); font-size: 0.8rem; margin-top: 0.2rem; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem; z-index: 1; }
@media (max-width: 50rem) {
  body { display: block; }
  nav { position: static; height: auto; border-right: 0; border-bottom: 1px solid var(--line); }
  header, main { padding-left: 1rem; padding-right: 1rem; }
}
`;
