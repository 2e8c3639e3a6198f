import type {
  HttpMethod,
  JsonSchema,
  OpenApiDocument,
  OpenApiMediaType,
  OpenApiOperation,
  OpenApiParameter,
} from './api-document.ts';

// The public API's reference as one plain HTML page (/api/docs), written from the OpenAPI document
// itself so the page can never say more or less than the document. No script at all: it reads the same
// with JavaScript off and needs nothing from the Content-Security-Policy but its own stylesheet.

/** Text made safe for HTML content and attribute values. */
function escape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The document's light markup: `code` and **strong**, escaped first. */
function prose(text: string): string {
  return escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

function pretty(value: unknown): string {
  return `<pre><code>${escape(JSON.stringify(value, null, 2))}</code></pre>`;
}

/** A one-line reading of a parameter's schema: its type and the limits a caller must keep to. */
function schemaSummary(schema: JsonSchema): string {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => `\`${String(v)}\``).join(', ')}`;
  if (typeof schema.type === 'string') parts.push(schema.type);
  const { minLength, maxLength } = schema;
  if (typeof minLength === 'number' || typeof maxLength === 'number')
    parts.push(
      `${typeof minLength === 'number' ? String(minLength) : '0'}–${typeof maxLength === 'number' ? String(maxLength) : '…'} characters`,
    );
  if (typeof schema.exclusiveMinimum === 'number') parts.push(`over ${String(schema.exclusiveMinimum)}`);
  if (typeof schema.pattern === 'string') parts.push(`matching \`${schema.pattern}\``);
  return parts.join(', ');
}

function parameterRows(parameters: readonly OpenApiParameter[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><th scope="row"><code>${escape(p.name)}</code></th><td>${p.in}</td>` +
        `<td>${p.required ? 'required' : 'optional'}</td><td>${prose(p.description)}` +
        `<div class="schema">${prose(schemaSummary(p.schema))}</div></td>` +
        `<td>${p.example === undefined ? '' : `<code>${escape(p.example)}</code>`}</td></tr>`,
    )
    .join('');
  return (
    '<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th>' +
    '<th scope="col">Needed</th><th scope="col">What</th><th scope="col">Example</th></tr></thead>' +
    `<tbody>${rows}</tbody></table>`
  );
}

/** An example and, folded, the JSON Schema it follows; under a heading of its own when `title` is given. */
function mediaBlock(title: string | undefined, media: OpenApiMediaType | undefined): string {
  if (!media) return '';
  return (
    (title === undefined ? '' : `<h4>${title}</h4>`) +
    (media.example === undefined ? '' : pretty(media.example)) +
    `<details><summary>JSON Schema</summary>${pretty(media.schema)}</details>`
  );
}

/** The call written out for curl, with the example's parameters filled in. */
function curlExample(origin: string, method: HttpMethod, path: string, operation: OpenApiOperation): string {
  const parameters = operation.parameters ?? [];
  let filled = path;
  for (const p of parameters.filter((p) => p.in === 'path'))
    filled = filled.replace(`{${p.name}}`, encodeURIComponent(p.example ?? p.name));
  const query = new URLSearchParams(
    parameters
      .filter((p) => p.in === 'query' && p.example !== undefined)
      .map((p) => [p.name, p.example ?? '']),
  ).toString();
  const lines = [`curl -X ${method.toUpperCase()} '${origin}/api${filled}${query ? `?${query}` : ''}'`];
  if (operation.security) lines.push(`  -H "Authorization: Bearer $ID_TOKEN"`);
  const body = operation.requestBody?.content['application/json'].example;
  if (body !== undefined)
    lines.push(
      `  -H 'Content-Type: application/json'`,
      `  -d '${JSON.stringify(body).replaceAll("'", "'\\''")}'`,
    );
  return `<pre class="curl"><code>${escape(lines.join(' \\\n'))}</code></pre>`;
}

function failureRows(operation: OpenApiOperation): string {
  const rows = Object.entries(operation.responses)
    .filter(([status]) => Number(status) >= 400)
    .flatMap(([status, response]) =>
      Object.values(response.content?.['application/json'].examples ?? {}).map(({ summary, value }) => {
        const { error } = value as { error: { code: string; message: string } };
        return (
          `<tr><th scope="row">${status}</th><td><code>${escape(error.code)}</code></td>` +
          `<td>${prose(summary)}</td><td>${escape(error.message)}</td></tr>`
        );
      }),
    )
    .join('');
  return (
    '<h4>Failures</h4><table><thead><tr><th scope="col">Status</th><th scope="col">Code</th>' +
    `<th scope="col">When</th><th scope="col">Message</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

function operationSection(
  origin: string,
  method: HttpMethod,
  path: string,
  operation: OpenApiOperation,
): string {
  const [status = '', success] =
    Object.entries(operation.responses).find(([code]) => Number(code) < 300) ?? [];
  return (
    `<section class="operation" id="${escape(operation.operationId)}" aria-labelledby="${escape(operation.operationId)}-title">` +
    `<h3 id="${escape(operation.operationId)}-title"><span class="method ${method}">${method.toUpperCase()}</span> ` +
    `<code class="path">/api${escape(path)}</code></h3>` +
    `<p class="summary">${prose(operation.summary)}` +
    (operation.security
      ? ' <span class="member" title="Send a Firebase ID token">Signed-in members</span>'
      : ' <span class="public">Public</span>') +
    `</p><p>${prose(operation.description)}</p>` +
    curlExample(origin, method, path, operation) +
    parameterRows(operation.parameters ?? []) +
    mediaBlock('Body', operation.requestBody?.content['application/json']) +
    `<h4>Answer <span class="status">${escape(status)}</span></h4><p>${prose(success?.description ?? '')}</p>` +
    mediaBlock(undefined, success?.content?.['application/json']) +
    failureRows(operation) +
    '</section>'
  );
}

/** The reference page for `document`, with curl examples aimed at `origin`. */
export function referencePage(document: OpenApiDocument, origin: string, stylesheet: string): string {
  const byTag = document.tags.map((tag) => ({
    tag,
    operations: Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags[0] === tag.name)
        .map(([method, operation]) => ({ method: method as HttpMethod, path, operation })),
    ),
  }));
  const contents = byTag
    .map(
      ({ tag, operations }) =>
        `<li><a href="#${escape(tag.name.toLowerCase().replaceAll(' ', '-'))}">${escape(tag.name)}</a><ul>` +
        operations
          .map(
            ({ method, path, operation }) =>
              `<li><a href="#${escape(operation.operationId)}"><span class="method ${method}">` +
              `${method.toUpperCase()}</span> ${escape(path)}</a></li>`,
          )
          .join('') +
        '</ul></li>',
    )
    .join('');
  const sections = byTag
    .map(
      ({ tag, operations }) =>
        `<section aria-labelledby="${escape(tag.name.toLowerCase().replaceAll(' ', '-'))}">` +
        `<h2 id="${escape(tag.name.toLowerCase().replaceAll(' ', '-'))}">${escape(tag.name)}</h2>` +
        `<p>${prose(tag.description)}</p>` +
        operations
          .map(({ method, path, operation }) => operationSection(origin, method, path, operation))
          .join('') +
        '</section>',
    )
    .join('');
  const introduction = document.info.description
    .split('\n\n')
    .map((paragraph) => `<p>${prose(paragraph)}</p>`)
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escape(document.info.title)} reference</title>` +
    '<meta name="description" content="The Questline API: endpoints, parameters, answers and examples.">' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<link rel="stylesheet" href="${escape(stylesheet)}"></head><body>` +
    '<a class="skip" href="#reference">Skip to the endpoints</a>' +
    `<header><p><a href="/">Questline</a></p><h1>${escape(document.info.title)}</h1>${introduction}` +
    '<p>The same as an <a href="/api/openapi.json">OpenAPI 3.1 document</a>, for code generators and API tools.</p>' +
    `</header><nav aria-label="Endpoints"><h2>Endpoints</h2><ul>${contents}</ul></nav>` +
    `<main id="reference">${sections}</main></body></html>`
  );
}
