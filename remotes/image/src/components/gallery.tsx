// The member's Text to Image gallery (docs/product-rules.md#screens, #states, #errors): own images newest first, 8 at
// a time and more once scrolled within 100 px of the end, reloaded from the start on the 'gallery-updated' event;
// search by prompt (server-side), filters by model and favourites; a lightbox titled with the prompt with the
// keyboard arrows between images, Download, Delete (confirmed), Favourite and Use settings. Ours: boards (a bar to
// show one board and manage them, a board button on each card) and comparing two chosen images
// (docs/product-rules.md#image-boards).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Download, Heart, Search, SlidersHorizontal, Trash2 } from 'lucide-react';
import {
  GALLERY_UPDATED_EVENT,
  IMAGE_MODELS,
  LIMITS,
  UI_TEXTS,
  type GalleryImage,
  type ImageModelId,
} from '@act/contracts';
import {
  Alert,
  Button,
  ConfirmDialog,
  errorMessage,
  ImageLightbox,
  LoadMoreSentinel,
  Select,
  Spinner,
  TextField,
  toast,
  useCursorList,
  type ApiClient,
} from '@act/host-sdk';
import {
  deleteImage,
  downloadImage,
  fetchGalleryPage,
  FALLBACK_ERRORS,
  hasFilters,
  setFavourite,
  type GalleryFilters,
} from '../api/image-api';
import { useDebounced } from '../hooks/use-debounced';
import { comparedOf, GalleryCard, ImageFacts } from './gallery-card';
import { BoardBar } from '../boards/board-bar';
import { BoardResults } from '../boards/board-results';
import { BoardMenu } from '../boards/board-menu';
import { CompareBar, CompareToggle } from '../boards/compare-bar';
import { CompareDialog } from '../boards/compare-dialog';
import { useBoards } from '../boards/use-boards';
import { useCompareSelection } from '../boards/use-compare-selection';
import './gallery.css';
import './image-preview.css';

const T = UI_TEXTS.textToImage;
const C = UI_TEXTS.common;
const BT = UI_TEXTS.imageBoards;
/** The search waits for a pause in typing before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const ALL_MODELS = 'all';
type ModelFilter = ImageModelId | typeof ALL_MODELS;
const MODEL_FILTER_OPTIONS = [
  { value: ALL_MODELS as ModelFilter, label: T.allModels },
  ...IMAGE_MODELS.map((m) => ({ value: m.id as ModelFilter, label: m.label })),
];

export interface GalleryProps {
  api: ApiClient;
  /** "Use settings": put this image's settings back in the panel. */
  onUseSettings(image: GalleryImage): void;
  /** An image was deleted (the page forgets it if it is the one in the preview). */
  onDeleted?(id: string): void;
}

export function Gallery({ api, onUseSettings, onDeleted }: GalleryProps) {
  const [search, setSearch] = useState('');
  const [model, setModel] = useState<ModelFilter>(ALL_MODELS);
  const [favourites, setFavourites] = useState(false);
  const [board, setBoard] = useState<string | null>(null);
  const boards = useBoards(api);
  const q = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const filters: GalleryFilters = useMemo(
    () => ({ q, model: model === ALL_MODELS ? null : model, favourites, board }),
    [q, model, favourites, board],
  );
  const fetchPage = useCallback(
    (cursor: string | null, signal: AbortSignal) => fetchGalleryPage(api, filters, cursor, signal),
    [api, filters],
  );
  const list = useCursorList(fetchPage, { fallbackError: FALLBACK_ERRORS.fetchImages });
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
    toast({ title: hasItems ? FALLBACK_ERRORS.loadMore : FALLBACK_ERRORS.loadGallery, variant: 'error' });
  }, [list.error, hasItems]);

  const compare = useCompareSelection(images);
  const [comparing, setComparing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const openIndex = images.findIndex((image) => image.id === openId);
  const open = openIndex >= 0 ? images[openIndex]! : null;
  const { hasMore, loadMore } = list;
  useEffect(() => {
    // The last loaded image is open: fetch the next page so Next can go on.
    if (open && openIndex === images.length - 1 && hasMore) void loadMore();
  }, [open, openIndex, images.length, hasMore, loadMore]);

  const [confirmDelete, setConfirmDelete] = useState<GalleryImage | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [favouriteBusy, setFavouriteBusy] = useState<string | null>(null);

  const toggleFavourite = async (image: GalleryImage) => {
    setFavouriteBusy(image.id);
    try {
      const updated = await setFavourite(api, image.id, !image.favourite);
      setFavouriteOverrides((map) => new Map(map).set(image.id, updated.favourite));
    } catch (err) {
      toast({ title: errorMessage(err, FALLBACK_ERRORS.updateImage), variant: 'error' });
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
      if (openId === image.id) setOpenId(null);
      onDeleted?.(image.id);
    } catch (err) {
      toast({ title: errorMessage(err, FALLBACK_ERRORS.deleteImage), variant: 'error' });
    } finally {
      setDeleting(false);
      setConfirmDelete(null);
    }
  };

  const filtered = hasFilters(filters);
  const previous = openIndex > 0 ? () => setOpenId(images[openIndex - 1]!.id) : null;
  const next =
    openIndex >= 0 && openIndex < images.length - 1 ? () => setOpenId(images[openIndex + 1]!.id) : null;

  return (
    <section className="act-panel act-stack img-gallery" aria-label={T.galleryTitle}>
      <div className="img-gallery__header">
        <h2 className="img-gallery__title">{T.galleryTitle}</h2>
        <div className="img-gallery__filters">
          <TextField
            label={<span className="act-sr-only">{T.gallerySearch}</span>}
            type="search"
            placeholder={T.gallerySearch}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="img-gallery__search"
          />
          <Search size={16} aria-hidden className="img-gallery__search-icon" />
          <Select<ModelFilter>
            label={T.modelFilterLabel}
            hideLabel
            value={model}
            onValueChange={setModel}
            options={MODEL_FILTER_OPTIONS}
            className="img-gallery__model"
          />
          <Button
            variant={favourites ? 'primary' : 'outline'}
            aria-pressed={favourites}
            onClick={() => setFavourites((on) => !on)}
          >
            <Heart size={16} aria-hidden fill={favourites ? 'currentColor' : 'none'} />
            {T.favouritesOnly}
          </Button>
        </div>
      </div>
      <BoardBar boards={boards} selected={board} onSelect={setBoard} />
      <CompareBar count={compare.ids.length} onCompare={() => setComparing(true)} onClear={compare.clear} />
      {board && <BoardResults api={api} boards={boards} board={board} />}

      {list.loading ? (
        <div className="img-gallery__state">
          <Spinner />
        </div>
      ) : list.error && images.length === 0 ? (
        <Alert
          action={
            <Button size="sm" variant="outline" onClick={reload}>
              {C.tryAgain}
            </Button>
          }
        >
          {FALLBACK_ERRORS.loadGallery}
        </Alert>
      ) : images.length === 0 ? (
        <p className="img-gallery__state">
          {filtered ? T.galleryNoMatches : board ? BT.boardEmpty : T.galleryEmpty}
        </p>
      ) : (
        <ul className="img-gallery__grid">
          {images.map((image) => (
            <GalleryCard
              key={image.id}
              image={image}
              favouriteBusy={favouriteBusy === image.id}
              onOpen={() => setOpenId(image.id)}
              onToggleFavourite={() => void toggleFavourite(image)}
              boardMenu={
                <BoardMenu
                  boards={boards}
                  imageId={image.id}
                  label={image.positive_prompt}
                  // Taken off the board shown: the list follows.
                  onChanged={(id) => id === board && reload()}
                />
              }
              compare={
                <CompareToggle
                  label={image.positive_prompt}
                  checked={compare.isChosen(image.id)}
                  onChange={(on) => compare.choose(image.id, on)}
                />
              }
            />
          ))}
        </ul>
      )}
      <LoadMoreSentinel
        active={list.hasMore && !list.loading}
        thresholdPx={LIMITS.galleryScrollTriggerPx}
        onNear={() => void list.loadMore()}
        revision={list.items.length}
      />
      {list.loadingMore && <p className="img-gallery__state">{T.loadingMore}</p>}
      {!list.loading && !list.hasMore && images.length > 0 && <p className="img-gallery__state">{T.end}</p>}

      {open && (
        <ImageLightbox
          open
          onClose={() => setOpenId(null)}
          title={open.positive_prompt}
          src={open.image_path}
          alt={open.positive_prompt}
          width={open.width}
          height={open.height}
          onPrevious={previous}
          onNext={next}
          previousLabel={T.previous}
          nextLabel={T.next}
        >
          <ImageFacts image={open} />
          <div className="img-lightbox__actions">
            <Button
              variant="outline"
              onClick={() =>
                void downloadImage({
                  id: open.id,
                  downloadPath: open.download_path,
                  format: open.image_format,
                })
              }
            >
              <Download size={16} aria-hidden />
              {C.download}
            </Button>
            <Button
              variant="outline"
              aria-pressed={open.favourite}
              disabled={favouriteBusy === open.id}
              onClick={() => void toggleFavourite(open)}
            >
              <Heart size={16} aria-hidden fill={open.favourite ? 'currentColor' : 'none'} />
              {open.favourite ? T.unfavourite : T.favourite}
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                onUseSettings(open);
                setOpenId(null);
              }}
            >
              <SlidersHorizontal size={16} aria-hidden />
              {T.useSettings}
            </Button>
            <Button variant="danger" onClick={() => setConfirmDelete(open)}>
              <Trash2 size={16} aria-hidden />
              {C.delete}
            </Button>
          </div>
        </ImageLightbox>
      )}
      {comparing && compare.pair && (
        <CompareDialog
          title={BT.compareTitle}
          first={comparedOf(compare.pair[0], BT.firstImage)}
          second={comparedOf(compare.pair[1], BT.secondImage)}
          onClose={() => setComparing(false)}
        />
      )}
      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen && !deleting) setConfirmDelete(null);
        }}
        title={T.deleteTitle}
        description={T.deleteConfirm}
        confirmLabel={C.delete}
        destructive
        busy={deleting}
        onConfirm={confirmDeletion}
      />
    </section>
  );
}
