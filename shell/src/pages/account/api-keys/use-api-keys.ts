// The member's personal API keys for the account page (docs/product-rules.md#personal-api-keys): identity's list
// joined with what credits says each key spent this month, and the calls that change them.
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@act/host-sdk';
import {
  API_KEY_ENDPOINTS,
  API_KEY_TEXTS,
  type ApiKey,
  type CreateApiKeyRequest,
  type UpdateApiKeyRequest,
} from '@act/contracts';
import { useServices } from '../../../app/services-context';

export interface ListedKey extends ApiKey {
  spentThisMonth: number;
}

export interface ApiKeys {
  keys: ListedKey[];
  loading: boolean;
  error: string | null;
  /** Creates a key and answers its secret (shown once). */
  create(input: CreateApiKeyRequest): Promise<string>;
  update(id: string, change: UpdateApiKeyRequest): Promise<void>;
  revoke(id: string): Promise<void>;
}

export function useApiKeys(): ApiKeys {
  const { api } = useServices();
  const [keys, setKeys] = useState<ListedKey[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const fallbackError = API_KEY_TEXTS.page.loadFailed;
      const [list, spend] = await Promise.all([
        api.call(API_KEY_ENDPOINTS.listApiKeys, { fallbackError }),
        api.call(API_KEY_ENDPOINTS.apiKeySpend, { fallbackError }),
      ]);
      const spent = new Map(spend.keys.map((key) => [key.id, key.spentThisMonth]));
      setKeys(list.keys.map((key) => ({ ...key, spentThisMonth: spent.get(key.id) ?? 0 })));
      setError(null);
    } catch (err) {
      setError(errorMessage(err, API_KEY_TEXTS.page.loadFailed));
    } finally {
      setLoading(false);
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  return {
    keys,
    loading,
    error,
    async create(input) {
      const reply = await api.call(API_KEY_ENDPOINTS.createApiKey, { body: input });
      setKeys((listed) => [{ ...reply.key, spentThisMonth: 0 }, ...listed]);
      return reply.secret;
    },
    async update(id, change) {
      const reply = await api.call(API_KEY_ENDPOINTS.updateApiKey, { params: { id }, body: change });
      setKeys((listed) => listed.map((key) => (key.id === id ? { ...key, ...reply.key } : key)));
    },
    async revoke(id) {
      await api.call(API_KEY_ENDPOINTS.revokeApiKey, { params: { id } });
      setKeys((listed) => listed.filter((key) => key.id !== id));
    },
  };
}

/** The limit field's text as the request wants it: empty is no limit, anything else a number (checked by the server). */
export function limitOf(draft: string): number | null {
  const value = draft.trim();
  return value === '' ? null : Number(value);
}
