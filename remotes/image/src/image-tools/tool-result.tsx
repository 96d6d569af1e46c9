// The result side of Upscale and Edit a region: 'Processing …' while it runs, then the before/after comparison of the
// member's picture and the stored result with Send to (the image tools, docs/product-rules.md#send-to: the result's
// id is its library item's) and Download (saved under the tool's name), else the ready hint.
import { useState } from 'react';
import { Download } from 'lucide-react';
import { UI_TEXTS, type GeneratedImageToolId, type PhotoEffectReply } from '@act/contracts';
import { Button, SendToMenu, Spinner } from '@act/host-sdk';
import { BeforeAfterSlider, SLIDER_DEFAULT } from '../components/before-after-slider';
import { saveResult } from '../effects/effects-api';

const P = UI_TEXTS.photoTool;

export interface ToolResultProps {
  tool: GeneratedImageToolId;
  toolName: string;
  busy: boolean;
  processing: string;
  readyHint: string;
  result: Omit<PhotoEffectReply, 'success'> | null;
  /** A line under the comparison (the result's size and how it was made). */
  note?: string;
  /** Client-side navigation, for Send to. */
  navigate(path: string): void;
}

export function ToolResult({
  tool,
  toolName,
  busy,
  processing,
  readyHint,
  result,
  note,
  navigate,
}: ToolResultProps) {
  const [slider, setSlider] = useState(SLIDER_DEFAULT);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!result) return;
    setDownloading(true);
    try {
      await saveResult(result.downloadUrl, tool);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section className="act-panel act-stack ie-result" aria-labelledby="it-result-title">
      <div className="ie-result__header">
        <h2 id="it-result-title" className="ie-heading">
          {P.result}
        </h2>
        {result && !busy && (
          <div className="ie-result__actions">
            <SendToMenu itemId={result.id} kind="image" fromTool={tool} navigate={navigate} />
            <Button variant="outline" size="sm" busy={downloading} onClick={() => void download()}>
              {!downloading && <Download size={16} aria-hidden />}
              {P.download}
            </Button>
          </div>
        )}
      </div>
      {busy ? (
        <div className="ie-state" role="status" aria-live="polite">
          <Spinner decorative size={32} />
          <p className="ie-state__title">{processing}</p>
          <p className="ie-state__text">{P.processingHint}</p>
        </div>
      ) : result ? (
        <>
          <BeforeAfterSlider
            key={result.id}
            before={{ src: result.originalImageUrl, alt: P.beforeAlt }}
            after={{ src: result.processedImageUrl, alt: P.afterAlt(toolName) }}
            aspect={result.width / result.height}
            value={slider}
            onValueChange={setSlider}
            caption={P.sliderCaption}
            allowSideBySide
          />
          {note && <p className="ie-state__text">{note}</p>}
        </>
      ) : (
        <div className="ie-state ie-state--ready">
          <p className="ie-state__title">{P.readyToTransform}</p>
          <p className="ie-state__text">{readyHint}</p>
        </div>
      )}
    </section>
  );
}
