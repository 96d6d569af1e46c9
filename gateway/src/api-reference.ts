// GET /api/docs: the API reference page, rendered here from the same OpenAPI documents the services publish (built
// from the contracts), for the services this gateway routes to. Plain HTML with no inline script, so the site's
// Content-Security-Policy holds: its one script, the "try it" form's, is a file of its own from this origin. Each
// section links the full document for tools (Postman, openapi-generator, …).
import type { Middleware } from 'koa';
import { exampleBody, type ExampleSchema } from '@act/contracts';
import {
  buildOpenApiDocument,
  openApiPathFor,
  SERVICE_NAMES,
  type OpenApiOperation,
  type ServiceName,
} from '@act/contracts/server';
import { TRY_IT_FORM, TRY_IT_SCRIPT, TRY_IT_SCRIPT_PATH } from './api-reference-try-it';

export const API_REFERENCE_PATH = '/api/docs';
export { TRY_IT_SCRIPT_PATH };

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
};

const ACCESS_LABEL: Record<OpenApiOperation['x-access'], string> = {
  public: 'public',
  guest: 'guest or member',
  member: 'member',
  support: 'support team',
};

const ENUM_SHOWN = 6;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A short type label: `string ≤ 2000`, `'a' | 'b'`, `array of object`, … */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) {
    const values = schema.enum.map((v) => JSON.stringify(v));
    // A catalogue id list (tools, languages) is long: name a few and say how many.
    return values.length > ENUM_SHOWN
      ? `one of ${values.length}: ${values.slice(0, ENUM_SHOWN).join(', ')}, …`
      : values.join(' | ');
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  if (type === 'array') return `array of ${typeOf(schema.items)}`;
  const limit = schema.maxLength === undefined ? '' : ` ≤ ${schema.maxLength}`;
  return `${type}${schema.format ? ` (${schema.format})` : ''}${limit}`;
}

/** The top-level fields of an object schema as a list. */
function fieldsOf(schema: Schema | undefined): string {
  const properties = Object.entries(schema?.properties ?? {});
  if (!properties.length) return '—';
  const required = new Set(schema?.required ?? []);
  const items = properties.map(
    ([name, property]) =>
      `<li><code>${escapeHtml(name)}</code>${required.has(name) ? '' : '?'}: ${escapeHtml(typeOf(property))}</li>`,
  );
  return `<ul>${items.join('')}</ul>`;
}

function operationRow(path: string, method: string, operation: OpenApiOperation): string {
  const input =
    (operation.requestBody?.content['application/json'].schema as Schema | undefined) ??
    ({
      properties: Object.fromEntries((operation.parameters ?? []).map((p) => [p.name, p.schema])),
      required: (operation.parameters ?? []).filter((p) => p.required).map((p) => p.name),
    } as Schema);
  const reply = operation.responses['200']?.content?.['application/json'].schema as Schema | undefined;
  const credits = operation['x-tool'] ? `${operation['x-tool'].credits}` : '';
  const example = operation.requestBody ? JSON.stringify(exampleBody(input as ExampleSchema)) : '';
  const tryIt = `<button type="button" data-try-method="${method.toUpperCase()}" data-try-path="${escapeHtml(path)}" data-try-body="${escapeHtml(example)}">Try<span class="sr"> ${method.toUpperCase()} ${escapeHtml(path)}</span></button>`;
  return `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${
    ACCESS_LABEL[operation['x-access']]
  }</td><td>${credits}</td><td>${fieldsOf(input)}</td><td>${reply ? fieldsOf(reply) : '—'}</td><td>${tryIt}</td></tr>`;
}

function serviceSection(service: ServiceName): string {
  const document = buildOpenApiDocument(service);
  const rows = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => operationRow(path, method, operation)),
  );
  return `<section><h2 id="${service}">${service}</h2><p><a href="${openApiPathFor(service)}">OpenAPI 3.1 document</a></p>
<table><thead><tr><th>method</th><th>path</th><th>who</th><th>credits</th><th>request</th><th>reply</th><th>try</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></section>`;
}

export function renderApiReference(services: readonly ServiceName[]): string {
  const nav = services.map((s) => `<a href="#${s}">${s}</a>`).join(' · ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference · AI Creative Toolbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:80rem;padding:0 1rem;color:#1d1d1f}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
ul{margin:0;padding-left:1rem}code{font-size:12px}h2{margin-top:2.5rem}td:nth-child(-n+2){white-space:nowrap}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}pre{white-space:pre-wrap;overflow-wrap:anywhere}
</style><script src="${TRY_IT_SCRIPT_PATH}" defer></script></head><body><h1>API reference</h1>
<p>Every call goes through this gateway under <code>/api/&lt;service&gt;</code>. Members send
<code>Authorization: Bearer &lt;access token&gt;</code> (from <code>POST /api/identity/token</code>), or a personal API
key, <code>Authorization: Bearer act_…</code>, which calls the tools and reads the balance and credit history as its
member; guests may call guest tools without either. Errors answer <code>{success:false, error, code}</code>. Fields
marked ? are optional.</p>
<nav>${nav}</nav>${TRY_IT_FORM}${services.map(serviceSection).join('\n')}</body></html>`;
}

/** Serves the page for the services with an upstream. */
export function apiReference(upstreams: Partial<Record<ServiceName, unknown>>): Middleware {
  const services = SERVICE_NAMES.filter((service) => upstreams[service]);
  let page: string | undefined;
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === TRY_IT_SCRIPT_PATH) {
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.set('cache-control', 'public, max-age=300');
      ctx.body = TRY_IT_SCRIPT;
      return;
    }
    if (ctx.path !== API_REFERENCE_PATH) return next();
    page ??= renderApiReference(services);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('cache-control', 'public, max-age=300');
    ctx.body = page;
  };
}
