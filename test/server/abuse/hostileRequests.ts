import { TINY_PNG } from '../multipart';

/** One request of the route fuzz: a name saying what is hostile about it, and what is sent. */
export interface HostileRequest {
  name: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A multipart upload as a route takes it: its text fields (sent before the file) and the file's field name. */
export interface MultipartForm {
  fields: Record<string, string>;
  fileField: string;
}

/** A well-formed request of a route, which the fuzz breaks: a JSON body, or a multipart form (an upload route). */
export interface BaseRequest {
  /** `METHOD /path/:param` as the server's route table spells it. */
  route: string;
  url: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: MultipartForm;
}

/**
 * How much of each kind the fuzz sends: `light` (PGlite, every run) samples the structural cases and mutates a few
 * fields; `full` (the PostgreSQL run in CI) sends every structural case and mutates many fields with many values.
 */
export type FuzzDepth = 'light' | 'full';

/** How many of each kind of hostile request a route gets at each depth (Infinity: every one). */
const SAMPLES = {
  light: { headers: 1, segments: 2, queries: 1, queryValues: 1, bodies: 5, multipartElsewhere: 1, fields: 1, values: 1, numbers: 1, arrays: 1 },
  full: { headers: Infinity, segments: Infinity, queries: Infinity, queryValues: Infinity, bodies: Infinity, multipartElsewhere: Infinity, fields: 40, values: 10, numbers: Infinity, arrays: 6 },
} as const satisfies Record<FuzzDepth, Record<string, number>>;

/** A deterministic generator of numbers in [0, 1) from a 32-bit seed (mulberry32): the same seed sends the same requests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of a text (FNV-1a): each route's generator is seeded with the seed and its route, whatever else runs. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** How deep the hostile bodies nest: deeper than the API takes, as deep as the issue's stack overflow and beyond. */
const DEEP = 2_500;

/** JSON nested `depth` levels deep, as text (JSON.stringify would recurse): arrays, objects, or json-logic's `!`. */
export function nestedJson(depth: number, kind: 'array' | 'object' | 'logic'): string {
  if (kind === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return `${(kind === 'object' ? '{"a":' : '{"!":').repeat(depth)}true${'}'.repeat(depth)}`;
}

/** A value written into the JSON text as it is (unquoted): deep nesting, `1e309`, a lone surrogate's escape. */
const RAW = '\u0001raw:';
const raw = (text: string) => `${RAW}${text}`;
const RAW_STRING = /"\\u0001raw:((?:[^"\\]|\\.)*)"/g;
/** `value` as JSON text, each {@link raw} value written as it is. */
const jsonText = (value: unknown) => JSON.stringify(value).replace(RAW_STRING, (_match, text: string) => JSON.parse(`"${text}"`) as string);

/** Values a field is swapped for: wrong types, hostile strings, nesting. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u000b\u001f\u007f\u0085',
  'line\r\nbreak\ttab',
  '\u202eoverride\u2066',
  raw('"\\ud800"'),
  raw('"\\udc00x"'),
  '😀'.repeat(1000),
  '１２３',
  '9'.repeat(400),
  '-9223372036854775809',
  '2024-02-30',
  '00000000-0000-0000-0000-000000000000',
  "' OR 1=1 --",
  '%s%n%x',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  'null',
  [],
  {},
  [[]],
  [null],
  { $ref: '#' },
  { var: 'merchant' },
  { toString: 1, valueOf: 'x', hasOwnProperty: null },
  raw(nestedJson(DEEP, 'array')),
  raw(nestedJson(DEEP, 'object')),
  raw(nestedJson(DEEP, 'logic')),
];

/** Numbers at the edges of what JSON, JavaScript and PostgreSQL's integer columns hold, as JSON text. */
const NUMBER_EDGES = ['1e309', '-1e309', '1e308', '2147483648', '-2147483649', '9223372036854775808', '9007199254740993', '0.5', '-0', '1e-320'];

/** Hostile path segments (as sent: percent-encoded): ids of every wrong shape, encodings a decoder chokes on. */
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%ZZ',
  '%',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%E2%80%AE1',
  '%F0%9F%98%80',
  '..',
  '%2e%2e%2f%2e%2e',
  '%20',
  '-1',
  '0',
  '1.5',
  '1e999',
  '9'.repeat(30),
  '9223372036854775808',
  'x'.repeat(99),
  'x'.repeat(5000),
  'null',
  '__proto__',
  'constructor',
  '%5Bobject%20Object%5D',
  '%0A',
  "'%3B--",
];

/** Hostile query strings, added to the route's own. */
const HOSTILE_QUERIES = [
  'a=%00',
  'a=%ZZ',
  'a=%ED%A0%80',
  '%00=1',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'a[b][c][d][e]=1',
  'a[]=1&a[]=2',
  `a=${'x'.repeat(8_000)}`,
  Array.from({ length: 500 }, (_, index) => `k${index}=${index}`).join('&'),
  '&&&==&=',
  'a',
  '=',
];
/** Headers the server reads (the host names the product, `alternative-token` a bank update's OTP proof, `source` a sign-up's origin), made hostile. */
const HOSTILE_HEADERS: Array<Record<string, string>> = [
  { host: '' },
  { host: '[::1' },
  { host: 'money.localhost:99999' },
  { host: `${'x'.repeat(300)}.localhost` },
  { 'alternative-token': 'x'.repeat(5000) },
  { 'alternative-token': '' },
  { source: 'x'.repeat(5000) },
  { 'accept-language': 'x'.repeat(5000) },
  { 'x-forwarded-for': 'garbage, 999.1.1.1' },
];

/** Values each of a route's own query parameters is swapped for. */
const HOSTILE_QUERY_VALUES = ['%00', '%ZZ', '', 'x'.repeat(5000), '-1', '9'.repeat(40), '%ED%A0%80'];

/** The pieces of a multipart upload of `form` (its fields, a file part holding a 1×1 PNG, the closing boundary). */
function multipartPieces(form: MultipartForm) {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (disposition = `form-data; name="${form.fileField}"; filename="page.png"`) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: image/png\r\n\r\n`), TINY_PNG, Buffer.from('\r\n')]);
  const fields = Buffer.from(Object.entries(form.fields).map(([name, value]) => field(name, value)).join(''));
  const close = Buffer.from(`--${boundary}--\r\n`);
  return { boundary, type: { 'content-type': `multipart/form-data; boundary=${boundary}` }, field, file, fields, close, whole: Buffer.concat([fields, file(), close]) };
}

/** A well-formed multipart upload of a route's form, with a 1×1 PNG: the call that shows an upload route is reached. */
export function validMultipart(form: MultipartForm): { headers: Record<string, string>; payload: Buffer } {
  const { type, whole } = multipartPieces(form);
  return { headers: type, payload: whole };
}

/** Multipart bodies broken the ways a client or a proxy breaks them, around a route's own form (the first four: those every route with a body gets). */
function brokenMultipart(form: MultipartForm): Array<{ name: string; headers: Record<string, string>; payload: Buffer }> {
  const { boundary, type, field, file, fields, close, whole } = multipartPieces(form);
  const text = (value: string) => Buffer.from(value);
  return [
    { name: 'multipart: no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: whole },
    { name: 'multipart: truncated in the file', headers: type, payload: whole.subarray(0, whole.length - close.length - TINY_PNG.length / 2) },
    { name: 'multipart: boundary mismatch', headers: { 'content-type': 'multipart/form-data; boundary=another-boundary' }, payload: whole },
    { name: 'multipart: a file part without a name', headers: type, payload: Buffer.concat([fields, file('form-data; filename="page.png"'), close]) },
    { name: 'multipart: empty boundary', headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: whole },
    { name: 'multipart: a boundary of 200 characters', headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(200)}` }, payload: whole },
    { name: 'multipart: truncated in the part headers', headers: type, payload: Buffer.concat([fields, text(`--${boundary}\r\nContent-Disposition: form-da`)]) },
    { name: 'multipart: no closing boundary', headers: type, payload: Buffer.concat([fields, file()]) },
    { name: 'multipart: a part without Content-Disposition', headers: type, payload: text(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nvalue\r\n--${boundary}--\r\n`) },
    { name: 'multipart: a file name with NUL and a path', headers: type, payload: Buffer.concat([fields, file(`form-data; name="${form.fileField}"; filename="..\\..\\a\u0000.png"`), close]) },
    { name: 'multipart: a field with NUL', headers: type, payload: Buffer.concat([text(field('note\u0000', 'a\u0000b')), fields, file(), close]) },
    { name: 'multipart: only the closing boundary', headers: type, payload: close },
    { name: 'multipart: empty body', headers: type, payload: Buffer.alloc(0) },
    { name: 'multipart: 50 fields', headers: type, payload: Buffer.concat([text(Array.from({ length: 50 }, (_, index) => field(`f${index}`, 'x')).join('')), close]) },
    { name: 'multipart: a field of 100 KB', headers: type, payload: Buffer.concat([text(field(Object.keys(form.fields)[0] ?? 'field', 'x'.repeat(100_000))), file(), close]) },
    { name: 'multipart: two files', headers: type, payload: Buffer.concat([fields, file(), file(), close]) },
    { name: 'multipart: the file before its fields', headers: type, payload: Buffer.concat([file(), fields, close]) },
    { name: 'multipart: mixed, not form-data', headers: { 'content-type': `multipart/mixed; boundary=${boundary}` }, payload: whole },
    { name: 'multipart: binary garbage', headers: type, payload: Buffer.from('\u0000\u00ff'.repeat(512), 'latin1') },
  ];
}

/** The paths of every value inside a JSON value (containers and leaves), as key lists; [] is the value itself. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value && typeof value === 'object') return [prefix, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return [prefix];
}

/** The value at `path`. */
function valueAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
  return path.reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Record<string | number, unknown>)[key] : undefined), value);
}

/** A copy of `value` with the value at `path` replaced, or removed (`undefined`). */
function withValueAt(value: unknown, path: ReadonlyArray<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === undefined) copy.splice(Number(head), 1);
    else copy[Number(head)] = withValueAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === undefined) delete copy[head];
  else copy[head] = withValueAt(copy[head], rest, replacement);
  return copy;
}

const label = (path: ReadonlyArray<string | number>) => (path.length ? path.join('.') : 'the body');
const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 24)}… (${text.length} characters)` : text);
const describeValue = (value: unknown) => shorten(typeof value === 'string' && value.startsWith(RAW) ? value.slice(RAW.length) : JSON.stringify(value));

/**
 * The hostile requests of one route, made from its well-formed request: hostile headers the server reads, malformed path
 * segments and query strings; for a route with a body, malformed JSON, scalars, wrong content types and encodings,
 * 2,500- and 20,000-level nesting, huge arrays and objects, a body over the size limit, malformed multipart bodies (in
 * depth on an upload route); and the JSON body's fields removed, swapped for hostile values or number edges, nested,
 * made huge, with extra keys. `random` picks what is sampled (see {@link SAMPLES}): the same state, the same requests.
 */
export function hostileRequests(base: BaseRequest, random: () => number, depth: FuzzDepth): HostileRequest[] {
  const counts = SAMPLES[depth];
  const pick = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const picked: T[] = [];
    while (picked.length < count && pool.length) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
    return picked;
  };
  const [method, pattern] = base.route.split(' ') as [string, string];
  const [path, query] = base.url.split('?') as [string, string | undefined];
  const headers = base.headers ?? {};
  const JSON_TYPE = { 'content-type': 'application/json' };
  const requests: HostileRequest[] = [];
  // The route's own body, unchanged, with a request whose URL or query is the hostile part.
  const ownBody = base.json === undefined ? { headers } : { headers: { ...headers, ...JSON_TYPE }, payload: jsonText(base.json) };

  const patternSegments = pattern.split('/');
  const segments = path.split('/');
  patternSegments.forEach((segment, index) => {
    if (!segment.startsWith(':') || segments.length !== patternSegments.length) return;
    for (const hostile of pick(HOSTILE_SEGMENTS, counts.segments)) {
      const url = [...segments.slice(0, index), hostile, ...segments.slice(index + 1)].join('/') + (query ? `?${query}` : '');
      requests.push({ name: `${segment} = ${shorten(hostile)}`, url, ...ownBody });
    }
  });

  for (const hostile of pick(HOSTILE_HEADERS, counts.headers)) {
    const [[name, value]] = Object.entries(hostile) as [[string, string]];
    requests.push({ name: `header ${name}: ${shorten(value)}`, url: base.url, ...ownBody, headers: { ...ownBody.headers, ...hostile } });
  }
  for (const hostile of pick(HOSTILE_QUERIES, counts.queries)) requests.push({ name: `query ${shorten(hostile)}`, url: `${path}?${query ? `${query}&` : ''}${hostile}`, ...ownBody });
  for (const [name] of new URLSearchParams(query ?? '')) {
    const pairs = (query ?? '').split('&');
    for (const hostile of pick(HOSTILE_QUERY_VALUES, counts.queryValues)) {
      const swapped = pairs.map((pair) => (pair.split('=')[0] === name ? `${name}=${hostile}` : pair));
      requests.push({ name: `query ${name} = ${shorten(hostile)}`, url: `${path}?${swapped.join('&')}`, ...ownBody });
    }
    requests.push({ name: `query ${name} given twice`, url: `${path}?${query}&${query}`, ...ownBody });
    requests.push({ name: `query ${name}[]`, url: `${path}?${pairs.map((pair) => pair.replace(new RegExp(`^${name}=`), `${name}[]=`)).join('&')}`, ...ownBody });
  }

  if (method === 'GET') {
    requests.push({ name: 'a deeply nested JSON body on a GET', url: base.url, headers: { ...headers, ...JSON_TYPE }, payload: nestedJson(DEEP, 'object') });
    return requests;
  }

  const body = (name: string, payload: string | Buffer, type: Record<string, string> = JSON_TYPE) => ({ name, url: base.url, headers: { ...headers, ...type }, payload });
  const text = base.json === undefined ? '{}' : jsonText(base.json);
  const structural = [
    body('an empty JSON body', ''),
    body('no body and no content type', '', {}),
    ...['{', '{"a":}', '[1,]', "{'a':1}", 'nul', '\ufeff{}', '{"a":1}garbage', '{"a":1,"a":2}', '"\\ud800"', '{"a":"\\u00"}', '1e309'].map((json) => body(`malformed or odd JSON ${json}`, json)),
    ...['null', '0', '"text"', 'true', '[]', '[{}]', '{}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}'].map((json) => body(`JSON body ${json}`, json)),
    body('raw NUL and invalid UTF-8 in the JSON text', Buffer.from([0x7b, 0x22, 0x61, 0x00, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d])),
    body('nested 2,500 arrays deep', nestedJson(DEEP, 'array')),
    body('nested 2,500 objects deep', nestedJson(DEEP, 'object')),
    body('nested 20,000 arrays deep', nestedJson(20_000, 'array')),
    body('an array of 100,000 numbers', `[${'0,'.repeat(99_999)}0]`),
    body('an object of 20,000 keys', `{${Array.from({ length: 20_000 }, (_, index) => `"k${index}":0`).join(',')}}`),
    body('a body over the size limit', `{"a":"${'x'.repeat(1_100_000)}"}`),
    body('JSON sent as text/plain', text, { 'content-type': 'text/plain' }),
    body('a form instead of JSON', 'a=1&b[c]=2&__proto__[x]=1', { 'content-type': 'application/x-www-form-urlencoded' }),
    body('XML instead of JSON', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', { 'content-type': 'application/xml' }),
    body('JSON in UTF-16', Buffer.from(`\ufeff${text}`, 'utf16le'), { 'content-type': 'application/json; charset=utf-16' }),
    body('JSON declared latin-1', text, { 'content-type': 'application/json; charset=iso-8859-1' }),
    body('a vendor JSON type', text, { 'content-type': 'application/vnd.api+json' }),
    body('a content type with no type', text, { 'content-type': ';' }),
    body('gzip declared, plain text sent', text, { ...JSON_TYPE, 'content-encoding': 'gzip' }),
    body('an unknown content encoding', text, { ...JSON_TYPE, 'content-encoding': 'x-unknown' }),
    body('a content length shorter than the body', text, { ...JSON_TYPE, 'content-length': String(Math.max(0, Buffer.byteLength(text) - 2)) }),
  ];
  requests.push(...pick(structural, counts.bodies));

  // Malformed multipart: every kind on an upload route (the issue's 10 of 12 5xx), the common ones on any other.
  const broken = brokenMultipart(base.form ?? { fields: { field: 'value' }, fileField: 'file' }).map((item) => body(item.name, item.payload, item.headers));
  requests.push(...(base.form ? broken : pick(broken.slice(0, 4), counts.multipartElsewhere)));

  if (base.json !== null && typeof base.json === 'object') {
    const paths = pathsOf(base.json).filter((fieldPath) => fieldPath.length > 0);
    for (const fieldPath of pick(paths, counts.fields)) requests.push(body(`without ${label(fieldPath)}`, jsonText(withValueAt(base.json, fieldPath, undefined))));
    for (const fieldPath of pick(paths, counts.fields)) {
      for (const value of pick(HOSTILE_VALUES, counts.values)) requests.push(body(`${label(fieldPath)} = ${describeValue(value)}`, jsonText(withValueAt(base.json, fieldPath, value))));
    }
    // The deepest field nested further: where a body takes nesting (json-logic), the nesting goes on there.
    const deepest = paths.reduce<Array<string | number>>((found, fieldPath) => (fieldPath.length > found.length ? fieldPath : found), []);
    if (deepest.length) requests.push(body(`${label(deepest)} nested 2,500 json-logic levels deep`, jsonText(withValueAt(base.json, deepest, raw(nestedJson(DEEP, 'logic'))))));
    for (const fieldPath of paths.filter((fieldPath) => typeof valueAt(base.json, fieldPath) === 'number')) {
      for (const edge of pick(NUMBER_EDGES, counts.numbers)) requests.push(body(`${label(fieldPath)} = ${edge}`, jsonText(withValueAt(base.json, fieldPath, raw(edge)))));
    }
    for (const fieldPath of pick([[], ...paths].filter((fieldPath) => Array.isArray(valueAt(base.json, fieldPath))), counts.arrays)) {
      const first = (valueAt(base.json, fieldPath) as unknown[])[0] ?? 0;
      requests.push(body(`${label(fieldPath)} with 20,000 items`, jsonText(withValueAt(base.json, fieldPath, Array.from({ length: 20_000 }, () => first)))));
    }
    requests.push(body('an unknown extra field', jsonText({ ...base.json, unknown_field: 'x' })));
    requests.push(body('an extra __proto__ key', jsonText(base.json).replace(/^\{/, '{"__proto__":{"isAdmin":true},')));
  }
  return requests;
}
