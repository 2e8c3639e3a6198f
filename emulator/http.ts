// The REST API over node:http (https://firebase.google.com/docs/reference/rest/database).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { credentialOf, type Caller, type Verifier } from './auth.ts';
import { Database, PreconditionFailed } from './database.ts';
import { DatabaseError, INVALID_JSON, INVALID_PATH, invalidKeyMessage, PERMISSION_DENIED } from './errors.ts';
import { etagOf } from './etag.ts';
import { locateKey } from './json-text.ts';
import { splitPath } from './keys.ts';
import { hasQuery, parseQuery, type Query } from './query.ts';
import { parseRulesText, RulesError } from './rules/parse.ts';
import type { StreamHub } from './streaming.ts';
import {
  childKeys,
  getIn,
  InvalidDataError,
  isObject,
  leafValue,
  priorityOf,
  toExport,
  toPlain,
  jsonText,
  type Node,
  type Priority,
} from './tree.ts';

export const DEFAULT_NAMESPACE = 'questline-demo-default-rtdb';

export interface HttpContext {
  db: Database;
  streams: StreamHub;
  verify: Verifier;
  /** Resolves once applied changes are durable (no-op without a data directory). */
  commit: () => Promise<void>;
  /** The next push id for a POST, from the emulator's clock. */
  nextPushId: () => string;
}

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Content-Length',
};

const MAX_BODY_BYTES = 256 * 1024 * 1024; // production's limit for one REST write

/** The namespace: ?ns=, else the host name's first label (not for IPs and plain "localhost"). */
export function namespaceOf(params: URLSearchParams, host: string | undefined): string {
  const ns = params.get('ns');
  if (ns) return ns;
  const name = (host ?? '').replace(/:\d+$/, '');
  if (name === '' || name === 'localhost' || /^[\d.]+$/.test(name) || name.startsWith('['))
    return DEFAULT_NAMESPACE;
  const label = name.split('.')[0];
  return label && label !== '' ? label : DEFAULT_NAMESPACE;
}

function send(
  res: ServerResponse,
  status: number,
  body: string | null,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const all: Record<string, string> = { ...CORS_HEADERS, ...headers };
  if (body !== null) {
    all['Content-Type'] = 'application/json; charset=utf-8';
    all['Content-Length'] = String(Buffer.byteLength(body));
  }
  res.writeHead(status, all);
  res.end(body ?? undefined);
}

function sendError(res: ServerResponse, status: number, message: string): void {
  send(res, status, JSON.stringify({ error: message }));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new DatabaseError(413, 'Payload too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function parseBody(text: string): unknown {
  if (text.trim() === '') throw new DatabaseError(400, INVALID_JSON);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DatabaseError(400, INVALID_JSON);
  }
}

/** REST-format JSON of a node, honouring format=export and print=pretty. */
function render(node: Node, params: URLSearchParams): string {
  const value = params.get('format') === 'export' ? toExport(node) : toPlain(node);
  return jsonText(value, params.get('print') === 'pretty');
}

// The parameters the REST API reads; production refuses a request that gives one of them twice
// (two `orderBy`s, two `auth`s…) rather than pick one (https://firebase.google.com/docs/reference/rest/database).
const KNOWN_PARAMS = [
  'auth',
  'access_token',
  'ns',
  'shallow',
  'print',
  'format',
  'timeout',
  'download',
  'callback',
  'writeSizeLimit',
  'x-http-method-override',
  'orderBy',
  'startAt',
  'endAt',
  'equalTo',
  'limitToFirst',
  'limitToLast',
] as const;

function checkRepeatedParams(params: URLSearchParams): void {
  for (const name of KNOWN_PARAMS)
    if (params.getAll(name).length > 1)
      throw new DatabaseError(400, `Query parameter ${name} may only be given once`);
}

/**
 * The `if-match` value of a conditional request. Conditional requests are writes: production takes
 * `if-match` on PUT and DELETE only and refuses it on GET, PATCH and POST with 400
 * (https://firebase.google.com/docs/database/rest/save-data#section-conditional-requests).
 */
function ifMatchOf(req: IncomingMessage, method: string): string | undefined {
  const header = req.headers['if-match'];
  if (typeof header !== 'string') return undefined;
  if (method !== 'PUT' && method !== 'DELETE')
    throw new DatabaseError(400, 'if-match is only supported with PUT and DELETE');
  return header.replace(/^"(.*)"$/, '$1');
}

const TIMEOUT = /^(\d+)(ms|s|min)$/;

function checkTimeout(params: URLSearchParams): void {
  const raw = params.get('timeout');
  if (raw === null) return;
  const m = TIMEOUT.exec(raw);
  const ms = m ? Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 's' ? 1000 : 60_000) : NaN;
  // production caps timeout at 15 minutes
  if (!(ms > 0 && ms <= 15 * 60_000))
    throw new DatabaseError(400, 'timeout must be a number followed by ms, s or min, up to 15min');
}

function checkPrint(params: URLSearchParams): void {
  const print = params.get('print');
  if (print !== null && print !== 'pretty' && print !== 'silent')
    throw new DatabaseError(400, 'print must be either "pretty" or "silent"');
}

/** Creates the HTTP server answering the REST API. */
export function createHttpServer(ctx: HttpContext): Server {
  const server = createServer((req, res) => {
    handle(ctx, req, res).catch((error: unknown) => {
      if (error instanceof DatabaseError) sendError(res, error.status, error.message);
      else {
        console.error('emulator: unexpected error', error);
        sendError(res, 500, 'Internal server error');
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 0;
  return server;
}

async function handle(ctx: HttpContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));

  if (req.method === 'OPTIONS') {
    const requested = req.headers['access-control-request-headers'];
    send(res, 200, null, {
      'Access-Control-Allow-Methods': 'GET, PUT, POST, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers':
        typeof requested === 'string' && requested !== ''
          ? requested
          : 'Authorization, Content-Type, X-Firebase-ETag, If-Match, X-HTTP-Method-Override',
      'Access-Control-Max-Age': '3600',
      'Content-Length': '0',
    });
    return;
  }

  let method = req.method ?? 'GET';
  const override = req.headers['x-http-method-override'] ?? params.get('x-http-method-override');
  if (method === 'POST' && typeof override === 'string' && override !== '') method = override.toUpperCase();

  if (!rawPath.endsWith('.json')) {
    sendError(res, 404, 'Not found: REST requests must end in .json');
    return;
  }
  checkRepeatedParams(params);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath.slice(0, -'.json'.length));
  } catch {
    throw new DatabaseError(400, INVALID_PATH);
  }
  const caller = await ctx.verify(credentialOf(req.headers, params));
  const ns = namespaceOf(params, req.headers.host);

  if (decoded === '/.settings/rules' || decoded === '/.settings/rules/') {
    await handleRules(ctx, req, res, method, caller);
    return;
  }
  // `.priority` is a virtual child: the last segment of a path may name it, no other may.
  const priorityChild = PRIORITY_CHILD.exec(decoded);
  const path = splitPath(priorityChild ? decoded.slice(0, priorityChild.index) : decoded);
  if (path === null) throw new DatabaseError(400, INVALID_PATH);
  checkPrint(params);
  checkTimeout(params);
  const ifMatch = ifMatchOf(req, method);

  if (priorityChild) {
    await handlePriority(ctx, req, res, method, ns, path, params, caller, ifMatch);
    return;
  }

  switch (method) {
    case 'GET':
      handleGet(ctx, req, res, ns, path, params, caller);
      return;
    case 'PUT':
    case 'POST':
    case 'PATCH':
    case 'DELETE':
      await handleWrite(ctx, req, res, method, ns, path, params, caller, ifMatch);
      return;
    default:
      sendError(res, 405, `Method ${method} is not supported`);
  }
}

const PRIORITY_CHILD = /\/\.priority\/?$/;

/**
 * `GET`/`PUT`/`DELETE /<path>/.priority.json`: the priority of `<path>`, a number, a string or null
 * (https://firebase.google.com/docs/reference/rest/database#section-priorities). The rules are those of
 * `<path>`: reading needs `.read` there, writing needs `.write` there and passes its `.validate`.
 */
async function handlePriority(
  ctx: HttpContext,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  ns: string,
  path: string[],
  params: URLSearchParams,
  caller: Caller,
  ifMatch: string | undefined,
): Promise<void> {
  const headers: Record<string, string> = {};
  let priority: Priority;
  if (method === 'GET') {
    if ((req.headers.accept ?? '').includes('text/event-stream'))
      throw new DatabaseError(400, 'Streaming .priority is not supported; stream its location instead');
    if (!ctx.db.mayRead(ns, path, caller)) throw new DatabaseError(401, PERMISSION_DENIED);
    priority = priorityOf(ctx.db.get(ns, path));
    if (req.headers['x-firebase-etag'] === 'true') headers['ETag'] = etagOf(priority);
  } else if (method === 'PUT' || method === 'DELETE') {
    const raw = method === 'DELETE' ? null : parseBody(await readBody(req));
    try {
      priority = ctx.db.writePriority(ns, path, raw, caller, ifMatch);
    } catch (error) {
      if (error instanceof PreconditionFailed) {
        send(res, 412, render(error.value, params), { ETag: error.etag });
        return;
      }
      if (error instanceof InvalidDataError) throw new DatabaseError(400, error.message);
      throw error;
    }
    await ctx.commit();
    if (ifMatch !== undefined || req.headers['x-firebase-etag'] === 'true')
      headers['ETag'] = etagOf(priority);
  } else
    throw new DatabaseError(405, `Method ${method} is not supported on .priority; use GET, PUT or DELETE`);
  if (params.get('print') === 'silent') {
    send(res, 204, null, headers);
    return;
  }
  send(res, 200, render(priority, params), headers);
}

function handleGet(
  ctx: HttpContext,
  req: IncomingMessage,
  res: ServerResponse,
  ns: string,
  path: string[],
  params: URLSearchParams,
  caller: Caller,
): void {
  const shallow = params.get('shallow') === 'true';
  if (shallow && hasQuery(params))
    throw new DatabaseError(400, 'Mixing shallow with other query parameters is not allowed');
  const query: Query | undefined = parseQuery(params);

  if ((req.headers.accept ?? '').includes('text/event-stream')) {
    if (!ctx.db.mayRead(ns, path, caller, query)) throw new DatabaseError(401, PERMISSION_DENIED);
    if (query) ctx.db.assertIndexed(path, query);
    ctx.streams.open(res, ns, path, query, caller, CORS_HEADERS);
    return;
  }

  let node = ctx.db.read(ns, path, caller, query);
  if (shallow && isObject(node) && !('.value' in node)) {
    const out: Record<string, Node> = {};
    for (const key of childKeys(node))
      out[key] = isObject(leafValue(getIn(node, [key]))) ? true : leafValue(getIn(node, [key]));
    node = Object.keys(out).length > 0 ? out : null;
  } else if (shallow) node = leafValue(node);

  const headers: Record<string, string> = {};
  if (req.headers['x-firebase-etag'] === 'true') headers['ETag'] = etagOf(ctx.db.get(ns, path));
  if (params.get('print') === 'silent') {
    send(res, 204, null, headers);
    return;
  }
  send(res, 200, render(node, params), headers);
}

async function handleWrite(
  ctx: HttpContext,
  req: IncomingMessage,
  res: ServerResponse,
  method: 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  ns: string,
  path: string[],
  params: URLSearchParams,
  caller: Caller,
  ifMatch: string | undefined,
): Promise<void> {
  const text = method === 'DELETE' ? '' : await readBody(req);
  const raw = method === 'DELETE' ? null : parseBody(text);

  let target = path;
  let pushed: string | null = null;
  if (method === 'POST') {
    pushed = ctx.nextPushId();
    target = [...path, pushed];
  }
  let writes;
  try {
    writes = ctx.db.write(ns, method === 'PATCH' ? 'update' : 'set', target, raw, caller, ifMatch);
  } catch (error) {
    if (error instanceof PreconditionFailed) {
      send(res, 412, render(error.value, params), { ETag: error.etag });
      return;
    }
    if (error instanceof InvalidDataError) {
      if (error.key !== undefined)
        throw new DatabaseError(400, invalidKeyMessage(locateKey(text, error.key)));
      throw new DatabaseError(400, error.message);
    }
    throw error;
  }
  await ctx.commit();

  const headers: Record<string, string> = {};
  if (ifMatch !== undefined || req.headers['x-firebase-etag'] === 'true')
    headers['ETag'] = etagOf(ctx.db.get(ns, path));
  if (params.get('print') === 'silent') {
    send(res, 204, null, headers);
    return;
  }
  let body: string;
  if (pushed !== null) body = JSON.stringify({ name: pushed });
  else if (method === 'DELETE') body = 'null';
  else if (method === 'PATCH') {
    const out: Record<string, unknown> = {};
    for (const w of writes)
      out[w.path.slice(path.length).join('/')] =
        params.get('format') === 'export' ? toExport(w.value) : toPlain(w.value);
    body = params.get('print') === 'pretty' ? JSON.stringify(out, null, 2) : JSON.stringify(out);
  } else body = render(writes[0]?.value ?? null, params);
  send(res, 200, body, headers);
}

async function handleRules(
  ctx: HttpContext,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  caller: Caller,
): Promise<void> {
  if (caller.kind !== 'admin') throw new DatabaseError(401, PERMISSION_DENIED);
  if (method === 'GET') {
    send(res, 200, ctx.db.rules.text);
    return;
  }
  if (method !== 'PUT') throw new DatabaseError(405, `Method ${method} is not supported`);
  const text = await readBody(req);
  try {
    ctx.db.rules = parseRulesText(text, 'rules');
  } catch (error) {
    if (error instanceof RulesError) throw new DatabaseError(400, error.message);
    throw error;
  }
  send(res, 200, JSON.stringify({ status: 'ok' }));
}
