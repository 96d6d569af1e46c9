// The member's chat projects (issue 38, docs/product-rules.md#chat-workspace): read once, then created, edited and
// deleted through the chat service; the list is the server's after each change.
import { useCallback, useEffect, useState } from 'react';
import { CHAT_PROJECT_ENDPOINTS, UI_TEXTS, type ChatProject } from '@act/contracts';
import { errorMessage, type ApiClient } from '@act/host-sdk';

const T = UI_TEXTS.chatWorkspace;

export interface ProjectDraft {
  name: string;
  instructions: string;
}

export interface Projects {
  items: ChatProject[];
  error: string | null;
  /** Creates (no id) or edits a project; resolves with the error text, or null when saved. */
  save(draft: ProjectDraft, id?: string): Promise<string | null>;
  remove(id: string, deleteChats: boolean): Promise<string | null>;
}

export function useProjects(api: ApiClient | undefined): Projects {
  const [items, setItems] = useState<ChatProject[]>([]);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    if (!api) return;
    try {
      const reply = await api.call(CHAT_PROJECT_ENDPOINTS.list, { fallbackError: T.loadFailed });
      setItems(reply.projects);
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure, T.loadFailed));
    }
  }, [api]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const save = useCallback(
    async (draft: ProjectDraft, id?: string) => {
      if (!api) return T.saveFailed;
      try {
        if (id) {
          await api.call(CHAT_PROJECT_ENDPOINTS.update, {
            params: { id },
            body: draft,
            fallbackError: T.saveFailed,
          });
        } else await api.call(CHAT_PROJECT_ENDPOINTS.create, { body: draft, fallbackError: T.saveFailed });
        await reload();
        return null;
      } catch (failure) {
        return errorMessage(failure, T.saveFailed);
      }
    },
    [api, reload],
  );

  const remove = useCallback(
    async (id: string, deleteChats: boolean) => {
      if (!api) return T.saveFailed;
      try {
        await api.call(CHAT_PROJECT_ENDPOINTS.delete, {
          params: { id },
          query: { deleteChats: deleteChats ? 'true' : 'false' },
          fallbackError: T.saveFailed,
        });
        await reload();
        return null;
      } catch (failure) {
        return errorMessage(failure, T.saveFailed);
      }
    },
    [api, reload],
  );

  return { items, error, save, remove };
}
