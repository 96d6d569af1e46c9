// Image to Image hub (docs/product-rules.md#screens, #states): a card per photo effect, Upscale and Edit a region
// (name, description, Available or Coming Soon, its price per use), then the member's latest image-to-image results, 8 at a time and more when
// scrolled within 100 px of the bottom, in 1 to 4 columns by width, each with Expand (a lightbox titled with its
// prompt or tool) and Download; reloaded from the start on 'gallery-updated'. Ours: only the member's own results
// (the spec's shows everyone's), each result also put on boards and compared with its original
// (docs/product-rules.md#image-boards).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Columns2, Download, Expand } from 'lucide-react';
import {
  ERROR_TEXTS,
  GALLERY_UPDATED_EVENT,
  getTool,
  LIMITS,
  GENERATED_IMAGE_TOOL_IDS,
  toolPath,
  UI_TEXTS,
  type GeneratedImage,
  type GeneratedImageToolId,
} from '@act/contracts';
import {
  Badge,
  Button,
  ImageLightbox,
  LoadMoreSentinel,
  toast,
  ToolIcon,
  type ToolPageProps,
} from '@act/host-sdk';
import { fetchHubPage, saveResult } from '../effects/effects-api';
import { BoardMenu } from '../boards/board-menu';
import { OriginalComparison } from '../boards/board-results';
import { useBoards } from '../boards/use-boards';
import '../effects/effect-screen.css';
import './image-hub-page.css';

const H = UI_TEXTS.hub;
const BT = UI_TEXTS.imageBoards;
const PAGE_SIZE = LIMITS.galleryPageSize;
/** docs/product-rules.md#costs-and-limits: the next page loads when the end of the list is within 100 px of sight. */
const SCROLL_TRIGGER_PX = 100;

interface GalleryState {
  images: GeneratedImage[];
  hasMore: boolean;
  loading: boolean;
  /** The first page failed: no empty text (the toast says what happened). */
  failed: boolean;
}

const START: GalleryState = { images: [], hasMore: true, loading: true, failed: false };

// A card is one button (its whole text is its name for assistive tech), so it holds phrasing content only.
function HubToolCard({ id, onOpen }: { id: GeneratedImageToolId; onOpen(): void }) {
  const tool = getTool(id);
  const available = tool.hasPage;
  return (
    <button type="button" className="ie-tool-card" onClick={onOpen}>
      <span className="ie-tool-card__top">
        <ToolIcon icon={tool.icon} size={22} />
        <Badge tone={available ? 'green' : 'gray'}>{available ? H.available : H.comingSoon}</Badge>
      </span>
      <span className="ie-tool-card__name">{tool.name}</span>
      <span className="ie-tool-card__description">{tool.description}</span>
      {available && <span className="ie-tool-card__cost">{H.creditsPerUse(tool.cost)}</span>}
    </button>
  );
}

export function ImageHubPage({ host }: ToolPageProps) {
  const { api } = host;
  const [gallery, setGallery] = useState<GalleryState>(START);
  const [open, setOpen] = useState<number | null>(null);
  const boards = useBoards(api, false);
  const [comparing, setComparing] = useState<GeneratedImage | null>(null);
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

  const openTool = (id: GeneratedImageToolId) => {
    const tool = getTool(id);
    if (tool.hasPage) host.navigate(toolPath(id));
    else window.alert(`${H.comingSoonAlert} ${tool.name}: ${tool.description}`);
  };

  // Next on the last loaded result asks for the next page and moves on once it is in.
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

  const shown = open === null ? null : (gallery.images[open] ?? null);

  return (
    <div className="ie-hub">
      <section className="act-stack" aria-labelledby="ie-hub-tools">
        <h2 id="ie-hub-tools" className="ie-heading">
          {H.toolsTitle}
        </h2>
        <div className="ie-hub__tools">
          {GENERATED_IMAGE_TOOL_IDS.map((id) => (
            <HubToolCard key={id} id={id} onOpen={() => openTool(id)} />
          ))}
        </div>
      </section>

      <section className="act-stack" aria-labelledby="ie-hub-gallery">
        <h2 id="ie-hub-gallery" className="ie-heading">
          {H.galleryTitle}
        </h2>
        {gallery.images.length > 0 && (
          <ul className="ie-gallery" aria-labelledby="ie-hub-gallery">
            {gallery.images.map((image, index) => (
              <li key={image.id} className="ie-gallery__card">
                <img
                  className="ie-gallery__image"
                  src={image.thumbnail_url}
                  alt={image.positive_prompt}
                  loading="lazy"
                  width={320}
                  height={320}
                />
                <div className="ie-gallery__body">
                  <p className="ie-gallery__prompt" title={image.positive_prompt}>
                    {image.positive_prompt}
                  </p>
                  <div className="ie-gallery__actions">
                    <Button variant="outline" size="sm" onClick={() => setOpen(index)}>
                      <Expand size={14} aria-hidden />
                      {H.expand}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => void saveResult(image.download_url, image.tool_id, image.created_at)}
                    >
                      <Download size={14} aria-hidden />
                      {H.download}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`${BT.compareWithOriginal}: ${image.positive_prompt}`}
                      onClick={() => setComparing(image)}
                    >
                      <Columns2 size={14} aria-hidden />
                      {BT.compareWithOriginal}
                    </Button>
                    <BoardMenu
                      boards={boards}
                      imageId={image.id}
                      label={image.positive_prompt}
                      look="button"
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        <LoadMoreSentinel
          onNear={loadMore}
          thresholdPx={SCROLL_TRIGGER_PX}
          active={gallery.hasMore && !gallery.loading}
          revision={gallery.images.length}
        />
        <p className="ie-gallery__status" role="status" aria-live="polite">
          {gallery.loading
            ? H.loadingMore
            : gallery.images.length === 0
              ? gallery.failed
                ? ''
                : H.galleryEmpty
              : !gallery.hasMore
                ? H.end
                : ''}
        </p>
      </section>

      <section className="ie-coming-soon">
        <h2 className="ie-coming-soon__title">{H.moreToolsComingSoon}</h2>
        <p className="ie-coming-soon__text">{H.moreToolsText}</p>
      </section>

      {comparing && <OriginalComparison result={comparing} onClose={() => setComparing(null)} />}
      {shown && open !== null && (
        <ImageLightbox
          open
          onClose={() => setOpen(null)}
          title={shown.positive_prompt}
          src={shown.image_url}
          alt={shown.positive_prompt}
          width={shown.width}
          height={shown.height}
          onPrevious={open > 0 ? () => setOpen(open - 1) : null}
          onNext={open < gallery.images.length - 1 || gallery.hasMore ? next : null}
          previousLabel={H.previous}
          nextLabel={H.next}
        >
          <div className="ie-gallery__actions">
            <Button onClick={() => void saveResult(shown.download_url, shown.tool_id, shown.created_at)}>
              <Download size={16} aria-hidden />
              {H.download}
            </Button>
          </div>
        </ImageLightbox>
      )}
    </div>
  );
}
