// A component renders twice: on the server (the Worker, where `document`, `window` or `localStorage` do not
// exist and a reference throws) and in the browser. worker/tsconfig.json gives client/ the DOM's types, so the
// compiler no longer refuses a browser global at render: this rule does. It reports a browser global used
//   - at the top level of a module (it runs when the Worker loads the module), or
//   - in the body of a component or hook (a function named `Capitalised` or `useSomething`), including
//     callbacks that run while rendering (`useState(() => …)`, `useMemo`, `items.map(…)`),
// and lets it through where it runs only in the browser, after hydration:
//   - in a function passed to useEffect, useLayoutEffect, useInsertionEffect, useCallback, startTransition,
//     or as useSyncExternalStore's subscribe or getSnapshot (never its getServerSnapshot);
//   - in an event handler or ref: a JSX attribute `on…={…}` or `ref={…}`, or a function a component
//     declares by name (`const onSubmit = () => …`, `function handleDrop() {…}`), which it hands to those;
//   - in a module-level helper that is not a component or hook (it is called from the places above);
//   - under `typeof` (`typeof window === 'undefined'` is safe anywhere).
// `globalThis.document` counts as `document`. client/browser/ (the browser's own entry) is not checked.

/** Globals of the browser that the Workers runtime does not have. */
export const BROWSER_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'history',
  'screen',
  'innerWidth',
  'innerHeight',
  'scrollX',
  'scrollY',
  'scrollTo',
  'matchMedia',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'BroadcastChannel',
  'EventSource',
  'IntersectionObserver',
  'ResizeObserver',
  'MutationObserver',
  'FileReader',
  'Image',
  'indexedDB',
  'alert',
  'confirm',
  'prompt',
];

const DEFERRING_HOOKS = new Set([
  'useEffect',
  'useLayoutEffect',
  'useInsertionEffect',
  'useCallback',
  'startTransition',
]);

const calleeName = (call) =>
  call.callee.type === 'Identifier'
    ? call.callee.name
    : call.callee.type === 'MemberExpression' && call.callee.property.type === 'Identifier'
      ? call.callee.property.name
      : undefined;

/** The name a function is known by: its own, or the variable it is assigned to. */
function nameOf(fn) {
  if (fn.id?.name) return fn.id.name;
  const parent = fn.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  // memo(function …), forwardRef((props, ref) => …): the component is the variable holding the call.
  if (parent?.type === 'CallExpression' && parent.parent?.type === 'VariableDeclarator')
    return parent.parent.id.type === 'Identifier' ? parent.parent.id.name : undefined;
  return undefined;
}

const rendersOrHooks = (name) => name === undefined || /^[A-Z]/.test(name) || /^use[A-Z0-9]/.test(name);

/** Whether `fn`, inside a component, runs only after rendering (an effect, a handler, a subscription). */
function runsAfterRender(fn) {
  const parent = fn.parent;
  if (parent?.type === 'CallExpression' && parent.arguments.includes(fn)) {
    const name = calleeName(parent);
    if (name && DEFERRING_HOOKS.has(name)) return true;
    if (name === 'useSyncExternalStore') return parent.arguments.indexOf(fn) < 2;
    return false;
  }
  if (parent?.type === 'JSXExpressionContainer' && parent.parent?.type === 'JSXAttribute') {
    const attribute = parent.parent.name.name;
    return typeof attribute === 'string' && (/^on[A-Z]/.test(attribute) || attribute === 'ref');
  }
  // A handler the component names and hands on: `const onSave = () => …` or `function handleSave() {…}`.
  if (fn.type === 'FunctionDeclaration') return true;
  return parent?.type === 'VariableDeclarator' && parent.init === fn;
}

const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Why `node` runs while rendering (or loading the module), or undefined when it runs only in the browser. */
function renderTime(node) {
  const functions = [];
  for (let at = node.parent; at; at = at.parent) if (FUNCTION.has(at.type)) functions.unshift(at);
  const [outermost, ...inner] = functions;
  if (!outermost) return 'when the module loads (on the server too)';
  if (!rendersOrHooks(nameOf(outermost))) return undefined;
  if (inner.some(runsAfterRender)) return undefined;
  return `while ${nameOf(outermost) ?? 'a component'} renders (on the server too)`;
}

/** @type {import('eslint').Rule.RuleModule} */
export const renderTimeBrowserGlobals = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Browser globals only in effects, handlers and browser-only helpers, never at render',
    },
    messages: {
      renderTime:
        "'{{name}}' is used {{when}}: the Worker has no '{{name}}'. Move it into an effect or an event handler (scripts/lint/render-time-browser-globals.js).",
    },
    schema: [],
  },
  create(context) {
    const browser = new Set(BROWSER_GLOBALS);
    const check = (node, name) => {
      if (node.parent?.type === 'UnaryExpression' && node.parent.operator === 'typeof') return;
      const when = renderTime(node);
      if (when) context.report({ node, messageId: 'renderTime', data: { name, when } });
    };
    return {
      'Program:exit'() {
        // Globals the parser knows (typescript-eslint declares the libs' globals) and ones it does not.
        const global = context.sourceCode.scopeManager.globalScope;
        const references = [
          ...global.through,
          ...BROWSER_GLOBALS.flatMap((name) => global.set.get(name)?.references ?? []),
          ...(global.set.get('globalThis')?.references ?? []),
        ];
        for (const reference of new Set(references)) {
          const { identifier } = reference;
          if (reference.isValueReference === false) continue;
          if (browser.has(identifier.name)) check(identifier, identifier.name);
          // globalThis.document, globalThis.localStorage…
          const member = identifier.parent;
          if (
            identifier.name === 'globalThis' &&
            member?.type === 'MemberExpression' &&
            member.object === identifier &&
            !member.computed &&
            member.property.type === 'Identifier' &&
            browser.has(member.property.name)
          )
            check(member, member.property.name);
        }
      },
    };
  },
};

export default { rules: { 'render-time-browser-globals': renderTimeBrowserGlobals } };
