// GET /api/<service>/openapi.json: each service's OpenAPI 3.1 document, generated from these contracts
// (`buildOpenApiDocument` in @act/contracts/server). Public: it describes only what the gateway already exposes.
import { endpoint } from '../endpoint';
import { SERVICE_NAMES, type ServiceName } from '../services';

function openApiEndpoint<const S extends ServiceName>(service: S) {
  return endpoint({ method: 'GET', path: `/api/${service}/openapi.json` as const, access: 'public' });
}

export const OPENAPI_ENDPOINTS = Object.fromEntries(
  SERVICE_NAMES.map((service) => [service, openApiEndpoint(service)]),
) as { [S in ServiceName]: ReturnType<typeof openApiEndpoint<S>> };
