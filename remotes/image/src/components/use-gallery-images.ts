// The gallery's images (docs/product-rules.md#screens, #states, #errors): pages of the member's own images for the
// filters, reloaded from the start on the 'gallery-updated' event, with what changed here since they were read
// (favourites toggled, images deleted); the toasts when a page fails, Favourite, and Delete once confirmed.
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  ERROR_TEXTS,
  failureTextOf,
  GALLERY_UPDATED_EVENT,
  IMAGE_ENDPOINTS,
  type GalleryImage,
} from '@act/contracts';
import { errorMessage, toast, useCursorList, type ApiClient, type CursorList } from '@act/host-sdk';
import { deleteImage, fetchGalleryPage, setFavourite, type GalleryFilters } from '../api/image-api';

export interface GalleryImages {
  list: CursorList<GalleryImage>;
  /** The loaded images as they are now, favourites only when that filter is on. */
  images: GalleryImage[];
  /** The image whose Favourite is being saved. */
  favouriteBusy: string | null;
  toggleFavourite(image: GalleryImage): Promise<void>;
  /** The image Delete asks about, while the dialog is open. */
  confirmDelete: GalleryImage | null;
  setConfirmDelete(image: GalleryImage | null): void;
  deleting: boolean;
  confirmDeletion(): Promise<void>;
}

export function useGalleryImages(
  api: ApiClient,
  filters: GalleryFilters,
  onDeleted: (id: string) => void,
): GalleryImages {
  const fetchPage = useCallback(
    (cursor: string | null, signal: AbortSignal) => fetchGalleryPage(api, filters, cursor, signal),
    [api, filters],
  );
  const list = useCursorList(fetchPage, { fallbackError: failureTextOf(IMAGE_ENDPOINTS.images) });
  const { reload } = list;

  // What changed since the pages were read: favourites toggled and images deleted here.
  const [favouriteOverrides, setFavouriteOverrides] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const images = useMemo(
    () =>
      list.items
        .filter((image) => !deleted.has(image.id))
        .map((image) => {
          const favourite = favouriteOverrides.get(image.id);
          return favourite === undefined ? image : { ...image, favourite };
        })
        .filter((image) => !filters.favourites || image.favourite),
    [list.items, deleted, favouriteOverrides, filters.favourites],
  );

  useEffect(() => {
    const onUpdated = () => reload();
    window.addEventListener(GALLERY_UPDATED_EVENT, onUpdated);
    return () => window.removeEventListener(GALLERY_UPDATED_EVENT, onUpdated);
  }, [reload]);

  // Toasts (docs/product-rules.md#errors): the first page or a further one failed to load.
  const hasItems = list.items.length > 0;
  useEffect(() => {
    if (!list.error) return;
    console.error('Gallery load failed:', list.error);
    toast({
      title: hasItems ? ERROR_TEXTS.gallery.loadMoreImages : ERROR_TEXTS.gallery.loadGalleryImages,
      variant: 'error',
    });
  }, [list.error, hasItems]);

  const [confirmDelete, setConfirmDelete] = useState<GalleryImage | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [favouriteBusy, setFavouriteBusy] = useState<string | null>(null);

  const toggleFavourite = async (image: GalleryImage) => {
    setFavouriteBusy(image.id);
    try {
      const updated = await setFavourite(api, image.id, !image.favourite);
      setFavouriteOverrides((map) => new Map(map).set(image.id, updated.favourite));
    } catch (err) {
      toast({ title: errorMessage(err, failureTextOf(IMAGE_ENDPOINTS.updateImage)), variant: 'error' });
    } finally {
      setFavouriteBusy(null);
    }
  };

  const confirmDeletion = async () => {
    const image = confirmDelete;
    if (!image) return;
    setDeleting(true);
    try {
      await deleteImage(api, image.id);
      setDeleted((set) => new Set(set).add(image.id));
      onDeleted(image.id);
    } catch (err) {
      toast({ title: errorMessage(err, failureTextOf(IMAGE_ENDPOINTS.deleteImage)), variant: 'error' });
    } finally {
      setDeleting(false);
      setConfirmDelete(null);
    }
  };

  return {
    list,
    images,
    favouriteBusy,
    toggleFavourite,
    confirmDelete,
    setConfirmDelete,
    deleting,
    confirmDeletion,
  };
}
