// The member's sessions of one chat screen: cursor pages from the server (10, then 10 more), searched on the server
// by title and message text (the search waits for a pause in typing), plus rename and delete.
import { useCallback, useEffect, useState } from 'react';
import type { ChatSession } from '@act/contracts';
import { errorMessage, useCursorList, type ApiClient, type CursorList } from '@act/host-sdk';
import { listSessions } from '../api/chat-api';
import type { ChatScreen } from './chat-screen';

/** Pause in typing after which the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SessionList extends CursorList<ChatSession> {
  search: string;
  setSearch(value: string): void;
  /** The search the shown list answers (after the debounce). */
  activeSearch: string;
  /** Text of the last failed rename or delete, cleared by the next success. */
  actionError: string | null;
  remove(id: string): Promise<boolean>;
  rename(id: string, title: string): Promise<boolean>;
  /** A message was just sent in this session: it moves to the top, as the server orders it. */
  touch(id: string): void;
  /** Issue 38: the project whose chats are listed (null: every chat); new chats start in it. */
  projectId: string | null;
  setProjectId(id: string | null): void;
  /** Pins or unpins a chat, or moves it into a project (null: out of it); the list is read again. */
  update(id: string, change: { pinned?: boolean; projectId?: string | null }): Promise<boolean>;
}

export function useSessionList(api: ApiClient, screen: ChatScreen): SessionList {
  const [search, setSearch] = useState('');
  const [activeSearch, setActiveSearch] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);
  // Sessions renamed or deleted here, applied over the loaded pages until the next reload.
  const [renamed, setRenamed] = useState<Record<string, string>>({});
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState<Record<string, string>>({});

  useEffect(() => {
    const timer = setTimeout(() => setActiveSearch(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const fetchPage = useCallback(
    (cursor: string | null, signal: AbortSignal) =>
      listSessions(api, screen, { cursor, q: activeSearch, projectId, signal }),
    [api, screen, activeSearch, projectId],
  );
  const list = useCursorList(fetchPage, { fallbackError: screen.texts.loadSessions });
  const { reload } = list;

  const freshReload = useCallback(() => {
    setRenamed({});
    setRemoved(new Set());
    setTouched({});
    reload();
  }, [reload]);

  const touch = useCallback((id: string) => {
    setTouched((times) => ({ ...times, [id]: new Date().toISOString() }));
  }, []);

  const remove = useCallback(
    async (id: string) => {
      try {
        await api.call(screen.endpoints.deleteSession, {
          params: { id },
          fallbackError: screen.texts.deleteSession,
        });
        setActionError(null);
        setRemoved((ids) => new Set([...ids, id]));
        return true;
      } catch (error) {
        setActionError(errorMessage(error, screen.texts.deleteSession));
        return false;
      }
    },
    [api, screen],
  );

  const rename = useCallback(
    async (id: string, title: string) => {
      try {
        await api.call(screen.endpoints.renameSession, {
          params: { id },
          body: { title },
          fallbackError: screen.texts.renameSession,
        });
        setActionError(null);
        setRenamed((titles) => ({ ...titles, [id]: title }));
        return true;
      } catch (error) {
        setActionError(errorMessage(error, screen.texts.renameSession));
        return false;
      }
    },
    [api, screen],
  );

  const update = useCallback(
    async (id: string, change: { pinned?: boolean; projectId?: string | null }) => {
      try {
        await api.call(screen.endpoints.renameSession, {
          params: { id },
          body: change,
          fallbackError: screen.texts.renameSession,
        });
        setActionError(null);
        freshReload();
        return true;
      } catch (error) {
        setActionError(errorMessage(error, screen.texts.renameSession));
        return false;
      }
    },
    [api, screen, freshReload],
  );

  const items = list.items
    .filter((session) => !removed.has(session.id))
    .map((session) => ({
      ...session,
      title: renamed[session.id] ?? session.title,
      updated_at: touched[session.id] ?? session.updated_at,
    }));
  // Newest activity first, as the server sends them; only a session touched here can be out of place.
  if (Object.keys(touched).length > 0) {
    items.sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
  }

  return {
    ...list,
    items,
    reload: freshReload,
    search,
    setSearch,
    activeSearch,
    actionError,
    remove,
    rename,
    touch,
    projectId,
    setProjectId,
    update,
  };
}
