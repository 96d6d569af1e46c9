// Image to Image hub (docs/product-rules.md#screens, #states): a card per photo effect, Upscale and Edit a region
// (name, description, Available or Coming Soon, its price per use), then the member's latest image-to-image results
// (use-hub-gallery.ts), 8 at a time and more when scrolled within 100 px of the bottom, in 1 to 4 columns by width,
// each with Expand (a lightbox titled with its prompt or tool) and Download; reloaded from the start on
// 'gallery-updated'. Ours: only the member's own results (the spec's shows everyone's), each result also put on
// boards and compared with its original (docs/product-rules.md#image-boards).
import { useState } from 'react';
import { Columns2, Download, Expand } from 'lucide-react';
import {
  getTool,
  GENERATED_IMAGE_TOOL_IDS,
  toolPath,
  UI_TEXTS,
  type GeneratedImage,
  type GeneratedImageToolId,
} from '@act/contracts';
import { Badge, Button, ImageLightbox, LoadMoreSentinel, ToolIcon, type ToolPageProps } from '@act/host-sdk';
import { saveResult } from '../effects/effects-api';
import { BoardMenu } from '../boards/board-menu';
import { OriginalComparison } from '../boards/board-results';
import { useBoards, type Boards } from '../boards/use-boards';
import { ImageCard, ResultThumb } from '../components/image-card';
import { useHubGallery, type HubGalleryState } from '../hooks/use-hub-gallery';
import '../effects/effect-screen.css';
import './image-hub-page.css';

const H = UI_TEXTS.hub;
const BT = UI_TEXTS.imageBoards;
/** docs/product-rules.md#costs-and-limits: the next page loads when the end of the list is within 100 px of sight. */
const SCROLL_TRIGGER_PX = 100;

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

interface HubResultCardProps {
  image: GeneratedImage;
  boards: Boards;
  onExpand(): void;
  onCompare(): void;
}

function HubResultCard({ image, boards, onExpand, onCompare }: HubResultCardProps) {
  return (
    <ImageCard
      prompt={image.positive_prompt}
      picture={<ResultThumb image={image} />}
      actions={
        <>
          <Button variant="outline" size="sm" onClick={onExpand}>
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
            onClick={onCompare}
          >
            <Columns2 size={14} aria-hidden />
            {BT.compareWithOriginal}
          </Button>
          <BoardMenu boards={boards} imageId={image.id} label={image.positive_prompt} look="button" />
        </>
      }
    />
  );
}

/** The line under the results: loading, empty (unless the first page failed: the toast said so), or the end. */
function galleryStatus(gallery: HubGalleryState): string {
  if (gallery.loading) return H.loadingMore;
  if (gallery.images.length === 0) return gallery.failed ? '' : H.galleryEmpty;
  return gallery.hasMore ? '' : H.end;
}

export function ImageHubPage({ host }: ToolPageProps) {
  const { api } = host;
  const { gallery, loadMore, open, setOpen, next } = useHubGallery(api);
  const boards = useBoards(api, false);
  const [comparing, setComparing] = useState<GeneratedImage | null>(null);

  const openTool = (id: GeneratedImageToolId) => {
    const tool = getTool(id);
    if (tool.hasPage) host.navigate(toolPath(id));
    else window.alert(`${H.comingSoonAlert} ${tool.name}: ${tool.description}`);
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
              <HubResultCard
                key={image.id}
                image={image}
                boards={boards}
                onExpand={() => setOpen(index)}
                onCompare={() => setComparing(image)}
              />
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
          {galleryStatus(gallery)}
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
