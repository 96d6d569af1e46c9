// The photo-effect results on the board the gallery shows (docs/product-rules.md#image-boards): a board holds any
// image of the member's, so beside its text-to-image images the gallery lists its effect results, each compared with
// its original or taken off the board from here. Read again whenever the board's images change.
import { useEffect, useState } from 'react';
import { Columns2 } from 'lucide-react';
import { ERROR_TEXTS, UI_TEXTS, type GeneratedImage } from '@act/contracts';
import { Button, errorMessage, toast, type ApiClient } from '@act/host-sdk';
import { ImageCard, ResultThumb } from '../components/image-card';
import { BoardMenu } from './board-menu';
import { fetchBoardResults } from './boards-api';
import { CompareDialog } from './compare-dialog';
import type { Boards } from './use-boards';
import '../pages/image-hub-page.css';

const T = UI_TEXTS.imageBoards;

export interface BoardResultsProps {
  api: ApiClient;
  boards: Boards;
  board: string;
}

export function BoardResults({ api, boards, board }: BoardResultsProps) {
  const [results, setResults] = useState<GeneratedImage[]>([]);
  const [comparing, setComparing] = useState<GeneratedImage | null>(null);
  const contents = boards.boards.find((b) => b.id === board)?.imageIds.join() ?? '';

  useEffect(() => {
    const controller = new AbortController();
    fetchBoardResults(api, board, controller.signal)
      .then(setResults)
      .catch((err: unknown) => {
        if (!controller.signal.aborted)
          toast({ title: errorMessage(err, ERROR_TEXTS.network.fetchImages), variant: 'error' });
      });
    return () => controller.abort();
  }, [api, board, contents]);

  if (results.length === 0) return null;
  return (
    <section className="act-stack" aria-labelledby="img-board-results">
      <h3 id="img-board-results" className="img-gallery__title">
        {T.boardResultsTitle}
      </h3>
      <ul className="ie-gallery" aria-labelledby="img-board-results">
        {results.map((result) => (
          <ImageCard
            key={result.id}
            prompt={result.positive_prompt}
            picture={<ResultThumb image={result} />}
            actions={
              <>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${T.compareWithOriginal}: ${result.positive_prompt}`}
                  onClick={() => setComparing(result)}
                >
                  <Columns2 size={14} aria-hidden />
                  {T.compareWithOriginal}
                </Button>
                <BoardMenu boards={boards} imageId={result.id} label={result.positive_prompt} look="button" />
              </>
            }
          />
        ))}
      </ul>
      {comparing && <OriginalComparison result={comparing} onClose={() => setComparing(null)} />}
    </section>
  );
}

/** A photo effect's result against its stored original (the hub and a board's results). */
export function OriginalComparison({ result, onClose }: { result: GeneratedImage; onClose(): void }) {
  const size = { width: result.width, height: result.height };
  return (
    <CompareDialog
      title={T.compareOriginalTitle}
      first={{ ...size, src: result.original_url, alt: T.original, label: T.original }}
      second={{ ...size, src: result.image_url, alt: result.positive_prompt, label: T.result }}
      onClose={onClose}
    />
  );
}
