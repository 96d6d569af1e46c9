// The member's data export as the account page follows it (docs/product-rules.md#export-my-data): the export last
// asked for on this browser (its id kept per member in localStorage, so a reload finds it again), polled while it is
// pending. An id that answers 404 (expired after a day, or another member's) is forgotten.
import { useCallback, useEffect, useState } from 'react';
import { errorMessage, isApiError } from '@act/host-sdk';
import { DATA_EXPORT_ENDPOINTS, DATA_EXPORT_TEXTS, type DataExport } from '@act/contracts';
import { useServices } from '../../app/services-context';

/** How often a pending export is asked about. */
const POLL_MS = 2_000;

const storageKey = (userId: string) => `act.dataExport.${userId}`;

export interface DataExportState {
  current: DataExport | null;
  starting: boolean;
  error: string | null;
  start(): Promise<void>;
}

export function useDataExport(userId: string): DataExportState {
  const { api } = useServices();
  const [current, setCurrent] = useState<DataExport | null>(null);
  const [id, setId] = useState<string | null>(() => localStorage.getItem(storageKey(userId)));
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const reply = await api.call(DATA_EXPORT_ENDPOINTS.dataExport, {
          params: { id },
          fallbackError: DATA_EXPORT_TEXTS.statusFailed,
          signal: controller.signal,
        });
        setCurrent(reply.export);
        if (reply.export.status === 'pending') timer = setTimeout(() => void load(), POLL_MS);
      } catch (caught) {
        if (controller.signal.aborted) return;
        if (isApiError(caught) && caught.status === 404) {
          localStorage.removeItem(storageKey(userId));
          setCurrent(null);
          return;
        }
        setError(errorMessage(caught, DATA_EXPORT_TEXTS.statusFailed));
      }
    };
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, id, userId]);

  const start = useCallback(async () => {
    setStarting(true);
    setError(null);
    try {
      const reply = await api.call(DATA_EXPORT_ENDPOINTS.createDataExport, {
        fallbackError: DATA_EXPORT_TEXTS.requestFailed,
      });
      localStorage.setItem(storageKey(userId), reply.export.id);
      setCurrent(reply.export);
      setId(reply.export.id);
    } catch (caught) {
      setError(errorMessage(caught, DATA_EXPORT_TEXTS.requestFailed));
    } finally {
      setStarting(false);
    }
  }, [api, userId]);

  return { current, starting, error, start };
}
