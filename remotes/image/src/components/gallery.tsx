// The member's Text to Image gallery (docs/product-rules.md#screens, #states, #errors): own images newest first, 8 at
// a time and more once scrolled within 100 px of the end, reloaded from the start on the 'gallery-updated' event;
// search by prompt (server-side), filters by model and favourites; a lightbox titled with the prompt with the
// keyboard arrows between images, Download, Delete (confirmed), Favourite and Use settings. Ours: boards (a bar to
// show one board and manage them, a board button on each card) and comparing two chosen images
// (docs/product-rules.md#image-boards).
import { useEffect, useState } from 'react';
import { ERROR_TEXTS, LIMITS, UI_TEXTS, type GalleryImage } from '@act/contracts';
import { Alert, Button, ConfirmDialog, LoadMoreSentinel, Spinner, type ApiClient } from '@act/host-sdk';
import { hasFilters } from '../api/image-api';
import { BoardBar } from '../boards/board-bar';
import { BoardResults } from '../boards/board-results';
import { BoardMenu } from '../boards/board-menu';
import { CompareBar, CompareToggle } from '../boards/compare-bar';
import { CompareDialog } from '../boards/compare-dialog';
import { useBoards, type Boards } from '../boards/use-boards';
import { useCompareSelection, type CompareSelection } from '../boards/use-compare-selection';
import { comparedOf, GalleryCard } from './gallery-card';
import { GalleryHeader, useGalleryFilters } from './gallery-filters';
import { GalleryLightbox } from './gallery-lightbox';
import { useGalleryImages, type GalleryImages } from './use-gallery-images';
import './gallery.css';
import './image-preview.css';

const T = UI_TEXTS.textToImage;
const C = UI_TEXTS.common;
const BT = UI_TEXTS.imageBoards;

export interface GalleryProps {
  api: ApiClient;
  /** "Use settings": put this image's settings back in the panel. */
  onUseSettings(image: GalleryImage): void;
  /** An image was deleted (the page forgets it if it is the one in the preview). */
  onDeleted?(id: string): void;
}

interface GalleryGridProps {
  gallery: GalleryImages;
  boards: Boards;
  board: string | null;
  compare: CompareSelection<GalleryImage>;
  /** A search or filter is on: the empty text says nothing matches. */
  filtered: boolean;
  onOpen(id: string): void;
}

/** The images' cards, or what stands in for them: the spinner, the load error with Try again, the empty text. */
function GalleryGrid({ gallery, boards, board, compare, filtered, onOpen }: GalleryGridProps) {
  const { list, images } = gallery;
  if (list.loading) {
    return (
      <div className="img-gallery__state">
        <Spinner />
      </div>
    );
  }
  if (list.error && images.length === 0) {
    return (
      <Alert
        action={
          <Button size="sm" variant="outline" onClick={list.reload}>
            {C.tryAgain}
          </Button>
        }
      >
        {ERROR_TEXTS.gallery.loadGalleryImages}
      </Alert>
    );
  }
  if (images.length === 0) {
    return (
      <p className="img-gallery__state">
        {filtered ? T.galleryNoMatches : board ? BT.boardEmpty : T.galleryEmpty}
      </p>
    );
  }
  return (
    <ul className="img-gallery__grid">
      {images.map((image) => (
        <GalleryCard
          key={image.id}
          image={image}
          favouriteBusy={gallery.favouriteBusy === image.id}
          onOpen={() => onOpen(image.id)}
          onToggleFavourite={() => void gallery.toggleFavourite(image)}
          boardMenu={
            <BoardMenu
              boards={boards}
              imageId={image.id}
              label={image.positive_prompt}
              // Taken off the board shown: the list follows.
              onChanged={(id) => id === board && list.reload()}
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
  );
}

export function Gallery({ api, onUseSettings, onDeleted }: GalleryProps) {
  const filterState = useGalleryFilters();
  const { board } = filterState;
  const boards = useBoards(api);
  const [openId, setOpenId] = useState<string | null>(null);
  const gallery = useGalleryImages(api, filterState.filters, (id) => {
    if (openId === id) setOpenId(null);
    onDeleted?.(id);
  });
  const { list, images } = gallery;

  const compare = useCompareSelection(images);
  const [comparing, setComparing] = useState(false);
  const openIndex = images.findIndex((image) => image.id === openId);
  const open = openIndex >= 0 ? images[openIndex]! : null;
  const { hasMore, loadMore } = list;
  useEffect(() => {
    // The last loaded image is open: fetch the next page so Next can go on.
    if (open && openIndex === images.length - 1 && hasMore) void loadMore();
  }, [open, openIndex, images.length, hasMore, loadMore]);

  const previous = openIndex > 0 ? () => setOpenId(images[openIndex - 1]!.id) : null;
  const next =
    openIndex >= 0 && openIndex < images.length - 1 ? () => setOpenId(images[openIndex + 1]!.id) : null;

  return (
    <section className="act-panel act-stack img-gallery" aria-label={T.galleryTitle}>
      <GalleryHeader state={filterState} />
      <BoardBar boards={boards} selected={board} onSelect={filterState.setBoard} />
      <CompareBar count={compare.ids.length} onCompare={() => setComparing(true)} onClear={compare.clear} />
      {board && <BoardResults api={api} boards={boards} board={board} />}
      <GalleryGrid
        gallery={gallery}
        boards={boards}
        board={board}
        compare={compare}
        filtered={hasFilters(filterState.filters)}
        onOpen={setOpenId}
      />
      <LoadMoreSentinel
        active={list.hasMore && !list.loading}
        thresholdPx={LIMITS.galleryScrollTriggerPx}
        onNear={() => void list.loadMore()}
        revision={list.items.length}
      />
      {list.loadingMore && <p className="img-gallery__state">{T.loadingMore}</p>}
      {!list.loading && !list.hasMore && images.length > 0 && <p className="img-gallery__state">{T.end}</p>}

      {open && (
        <GalleryLightbox
          image={open}
          onClose={() => setOpenId(null)}
          onPrevious={previous}
          onNext={next}
          favouriteBusy={gallery.favouriteBusy === open.id}
          onToggleFavourite={() => void gallery.toggleFavourite(open)}
          onUseSettings={() => {
            onUseSettings(open);
            setOpenId(null);
          }}
          onDelete={() => gallery.setConfirmDelete(open)}
        />
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
        open={gallery.confirmDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen && !gallery.deleting) gallery.setConfirmDelete(null);
        }}
        title={T.deleteTitle}
        description={T.deleteConfirm}
        confirmLabel={C.delete}
        destructive
        busy={gallery.deleting}
        onConfirm={gallery.confirmDeletion}
      />
    </section>
  );
}
