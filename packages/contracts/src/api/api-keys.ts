// Personal API keys (docs/product-rules.md#personal-api-keys, docs/architecture.md#personal-api-keys): a member's
// own keys for calling the tools from their code, each with an optional monthly credit limit. Managed under
// /api/identity/api-keys (identity keeps the names and the secrets' hashes); what each key spent is credits'
// (/api/credits/api-keys/spend), since credits enforces the limit inside the charge.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PRODUCT_NAME } from '../ui-texts';
import { successReply, TimestampSchema } from './common';

/** The rules of keys, in one place for the servers, the pages and the docs' tests. */
export const API_KEY_RULES = {
  /** Keys a member may hold at once (revoked ones do not count). */
  maxPerMember: 10,
  /** Every secret starts with this, so the gateway tells a key from an access token before any lookup. */
  secretPrefix: 'act_',
  /** Characters of the secret (after act_) shown in the list, so a member recognises a key without its secret. */
  prefixShown: 8,
  nameMax: 60,
  /** The largest monthly limit a key may have (a bound for the column, far above any plan). */
  limitMax: 10_000_000,
  /**
   * How long the gateway keeps what identity said about a key (its member, whether it is revoked): a revoked key is
   * refused by every gateway replica within this, far inside the 10 s the product promises.
   */
  cacheMs: 5_000,
} as const;

/**
 * Where the gateway turns a key into an access token (identity's listener, outside /api/, so no client reaches it
 * through the gateway): `GET` with `Authorization: Bearer act_…`, answered `{ token, expiresAt }` or 401.
 */
export const API_KEY_TOKEN_PATH = '/internal/api-keys/token';
export const ApiKeyTokenReplySchema = z.object({ token: z.string(), expiresAt: z.number().int() });

/** Every text of keys a member can read (errors the servers send, and what the account and API pages show). */
export const API_KEY_TEXTS = {
  nameRequired: 'Please give the key a name.',
  nameTooLong: `Please keep the key's name to ${API_KEY_RULES.nameMax} characters or fewer.`,
  limitInvalid: `The monthly limit must be a whole number of credits from 1 to ${API_KEY_RULES.limitMax.toLocaleString('en-US')}, or empty for no limit.`,
  tooMany: `You can have at most ${API_KEY_RULES.maxPerMember} API keys. Revoke one to create another.`,
  notFound: 'This API key does not exist or was revoked.',
  /** A key used where only a signed-in member may act (keys, sessions, account, billing, the cap, support). */
  notAllowed:
    'API keys can call the tools and read your balance and credit history only. Sign in to manage API keys, sessions, your account, billing, the spending cap or support.',
  /** A charge refused because it would take what the key spent this month past its own limit. */
  limitReached: (name: string, limit: number) =>
    `This would go over the monthly credit limit of ${limit.toLocaleString('en-US')} credits of the API key "${name}". Change the key's limit in your account.`,
  /** After a ledger row's kind and tool, for a use made with a key. */
  viaKey: (name: string) => `via ${name}`,
  page: {
    title: 'API keys',
    intro:
      'Call every tool from your own code with a personal key. Calls are charged to your credits; a key can have its own monthly limit.',
    apiLink: 'How to call the API',
    empty: 'You have no API keys yet.',
    nameLabel: 'Name',
    limitLabel: 'Monthly credit limit (empty: no limit)',
    create: 'Create key',
    created: 'Key created. Copy it now: it will not be shown again.',
    copy: 'Copy key',
    copied: 'Copied',
    done: 'Done',
    columns: {
      name: 'Name',
      key: 'Key',
      limit: 'Monthly limit',
      spent: 'Spent this month',
      lastUsed: 'Last used',
    },
    noLimit: 'No limit',
    neverUsed: 'Never',
    rename: 'Rename',
    renameLabel: (name: string) => `Rename or set the limit of ${name}`,
    setLimit: 'Set limit',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Key saved',
    revoke: 'Revoke',
    revokeLabel: (name: string) => `Revoke ${name}`,
    revokeConfirm: (name: string) =>
      `Revoke the key "${name}"? Programs using it stop working within seconds. This cannot be undone.`,
    revoked: 'Key revoked',
    loadFailed: 'Failed to load your API keys',
  },
  api: {
    title: 'API',
    pageTitle: `API | ${PRODUCT_NAME}`,
    intro:
      'Every tool can be called over HTTP with a personal API key. Send it as a bearer token; each call is charged to your credits like a call from the app, within the key’s monthly limit.',
    manageKeys: 'Manage API keys',
    reference: 'Full API reference',
    credits: (credits: number) => `${credits} credit${credits === 1 ? '' : 's'} a call`,
  },
} as const;

const LimitSchema = z
  .number({ error: () => API_KEY_TEXTS.limitInvalid })
  .int({ error: () => API_KEY_TEXTS.limitInvalid })
  .min(1, { error: () => API_KEY_TEXTS.limitInvalid })
  .max(API_KEY_RULES.limitMax, { error: () => API_KEY_TEXTS.limitInvalid })
  .nullable();

const NameSchema = z
  .string({ error: () => API_KEY_TEXTS.nameRequired })
  .trim()
  .min(1, { error: () => API_KEY_TEXTS.nameRequired, abort: true })
  .max(API_KEY_RULES.nameMax, { error: () => API_KEY_TEXTS.nameTooLong });

export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `act_` and the secret's first characters: enough to recognise the key, useless to call with. */
  prefix: z.string(),
  /** Credits the key may spend in the member's monthly period; null: no limit of its own. */
  monthlyCreditLimit: z.number().int().nullable(),
  createdAt: TimestampSchema,
  lastUsedAt: TimestampSchema.nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreateApiKeyRequestSchema = z.object({
  name: NameSchema,
  monthlyCreditLimit: LimitSchema.optional(),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequestSchema>;
export const CreateApiKeyReplySchema = successReply({
  key: ApiKeySchema,
  /** The whole secret, `act_` + 43 characters: shown once, stored only as a hash. */
  secret: z.string(),
});
export type CreateApiKeyReply = z.infer<typeof CreateApiKeyReplySchema>;

export const UpdateApiKeyRequestSchema = z
  .object({ name: NameSchema.optional(), monthlyCreditLimit: LimitSchema.optional() })
  .refine((body) => body.name !== undefined || body.monthlyCreditLimit !== undefined, {
    error: () => API_KEY_TEXTS.nameRequired,
  });
export type UpdateApiKeyRequest = z.input<typeof UpdateApiKeyRequestSchema>;
export const ApiKeyReplySchema = successReply({ key: ApiKeySchema });
export const ApiKeysReplySchema = successReply({ keys: z.array(ApiKeySchema) });
export type ApiKeysReply = z.infer<typeof ApiKeysReplySchema>;
export const ApiKeyParamsSchema = z.object({ id: z.uuid({ error: () => API_KEY_TEXTS.notFound }) });

/** Credits each of the member's keys spent in the current monthly period (keys that spent nothing are absent). */
export const ApiKeySpendReplySchema = successReply({
  keys: z.array(z.object({ id: z.uuid(), spentThisMonth: z.number().int().nonnegative() })),
});
export type ApiKeySpendReply = z.infer<typeof ApiKeySpendReplySchema>;

export const API_KEY_ENDPOINTS = {
  listApiKeys: endpoint({
    method: 'GET',
    path: '/api/identity/api-keys',
    access: 'member',
    reply: ApiKeysReplySchema,
  }),
  createApiKey: endpoint({
    method: 'POST',
    path: '/api/identity/api-keys',
    access: 'member',
    request: CreateApiKeyRequestSchema,
    reply: CreateApiKeyReplySchema,
  }),
  updateApiKey: endpoint({
    method: 'PATCH',
    path: '/api/identity/api-keys/:id',
    access: 'member',
    params: ApiKeyParamsSchema,
    request: UpdateApiKeyRequestSchema,
    reply: ApiKeyReplySchema,
  }),
  revokeApiKey: endpoint({
    method: 'DELETE',
    path: '/api/identity/api-keys/:id',
    access: 'member',
    params: ApiKeyParamsSchema,
    reply: successReply({}),
  }),
  apiKeySpend: endpoint({
    method: 'GET',
    path: '/api/credits/api-keys/spend',
    access: 'member',
    reply: ApiKeySpendReplySchema,
  }),
};

/** The services whose every endpoint a key may call: the tool families. */
const KEY_SERVICES = ['prompt', 'chat', 'image', 'voice', 'youtube'];
/** Besides them, a key may read the balance and the credit history (GET /api/credits/me and /api/credits/ledger). */
const KEY_READS = new Set(['GET /api/credits/me', 'GET /api/credits/ledger']);

/**
 * Whether a call made with an API key may reach this endpoint: the tools (every endpoint of a tool family) and the
 * two credit reads. Keys, sessions, the account, billing, the spending cap and support need a signed-in member.
 */
export function apiKeyMayCall(definition: { method: string; path: string }): boolean {
  const service = definition.path.split('/')[2] ?? '';
  return KEY_SERVICES.includes(service) || KEY_READS.has(`${definition.method} ${definition.path}`);
}

/** A key as the ledger and the usage history name it. */
export const ApiKeyRefSchema = z.object({ id: z.uuid(), name: z.string() });
export type ApiKeyRef = z.infer<typeof ApiKeyRefSchema>;

/** The key's identity as a tool service passes it to credits with a charge (from the key's access token). */
export const ApiKeyChargeSchema = z.object({
  id: z.uuid(),
  name: z.string().max(API_KEY_RULES.nameMax),
  monthlyCreditLimit: z.number().int().positive().nullable(),
});
export type ApiKeyCharge = z.infer<typeof ApiKeyChargeSchema>;
