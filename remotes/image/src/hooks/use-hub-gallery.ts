// The hub's results list (docs/product-rules.md#screens, #states): the member's latest image-to-image results, a page
// at a time, reloaded from the start on 'gallery-updated', and the lightbox's place in it, where Next on the last
// loaded result asks for the next page and moves on once it is in.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ERROR_TEXTS, GALLERY_UPDATED_EVENT, LIMITS, type GeneratedImage } from '@act/contracts';
import { toast, type ApiClient } from '@act/host-sdk';
import { fetchHubPage } from '../effects/effects-api';

const PAGE_SIZE = LIMITS.galleryPageSize;

export interface HubGalleryState {
  images: GeneratedImage[];
  hasMore: boolean;
  loading: boolean;
  /** The first page failed: no empty text (the toast says what happened). */
  failed: boolean;
}

const START: HubGalleryState = { images: [], hasMore: true, loading: true, failed: false };

export interface HubGallery {
  gallery: HubGalleryState;
  loadMore(): void;
  /** The index of the result open in the lightbox, or null. */
  open: number | null;
  setOpen(index: number | null): void;
  /** Moves the lightbox on, loading the next page first when the last loaded result is open. */
  next(): void;
}

export function useHubGallery(api: ApiClient): HubGallery {
  const [gallery, setGallery] = useState<HubGalleryState>(START);
  const [open, setOpen] = useState<number | null>(null);
  // Each (re)load from the start gets a new number; a page from an older one is dropped.
  const generation = useRef(0);
  const inFlight = useRef<AbortController | null>(null);

  const loadPage = useCallback(
    async (offset: number) => {
      const id = offset === 0 ? ++generation.current : generation.current;
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setGallery((g) => (offset === 0 ? { ...START } : { ...g, loading: true }));
      try {
        const page = await fetchHubPage(api, offset, PAGE_SIZE, controller.signal);
        if (id !== generation.current || controller.signal.aborted) return;
        setGallery((g) => {
          const known = new Set(offset === 0 ? [] : g.images.map((image) => image.id));
          const base = offset === 0 ? [] : g.images;
          // Offset pages shift when a result is added meanwhile: skip what is already shown.
          const fresh = page.images.filter((image) => !known.has(image.id));
          return { images: [...base, ...fresh], hasMore: page.hasMore, loading: false, failed: false };
        });
      } catch {
        if (id !== generation.current || controller.signal.aborted) return;
        setGallery((g) => ({ ...g, loading: false, hasMore: false, failed: offset === 0 }));
        toast({
          title: offset === 0 ? ERROR_TEXTS.gallery.loadGalleryImages : ERROR_TEXTS.gallery.loadMoreImages,
          variant: 'error',
        });
      }
    },
    [api],
  );

  useEffect(() => {
    void loadPage(0);
    const reload = () => {
      setOpen(null);
      void loadPage(0);
    };
    window.addEventListener(GALLERY_UPDATED_EVENT, reload);
    return () => {
      window.removeEventListener(GALLERY_UPDATED_EVENT, reload);
      inFlight.current?.abort();
    };
  }, [loadPage]);

  const loadMore = () => {
    if (!gallery.loading && gallery.hasMore) void loadPage(gallery.images.length);
  };

  const [advancing, setAdvancing] = useState(false);
  useEffect(() => {
    if (!advancing || open === null || gallery.loading) return;
    if (open < gallery.images.length - 1) setOpen(open + 1);
    setAdvancing(false);
  }, [advancing, open, gallery.loading, gallery.images.length]);

  const next = () => {
    if (open === null) return;
    if (open < gallery.images.length - 1) setOpen(open + 1);
    else if (gallery.hasMore) {
      setAdvancing(true);
      loadMore();
    }
  };

  return { gallery, loadMore, open, setOpen, next };
}
