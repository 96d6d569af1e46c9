// YouTube Thumbnail Downloader (docs/product-rules.md#screens): a watch or short link, then a grid of the video's
// thumbnails, each with its label, resolution, View Full Size and Download (through the service, saved as
// youtube-thumbnail-downloader-{timestamp}.jpg).
import { useCallback, useState } from 'react';
import { Download, ExternalLink, Images } from 'lucide-react';
import {
  failureTextOf,
  UI_TEXTS,
  YOUTUBE_ENDPOINTS,
  YoutubeThumbnailUrlSchema,
  type Thumbnail,
} from '@act/contracts';
import { Button, RunError, runButton, useToolRun, type ToolPageProps } from '@act/host-sdk';
import { downloadThumbnail, getThumbnails } from '../api/youtube-api';
import { UrlForm } from '../components/url-form';
import { useLinkField } from '../link-check';
import './thumbnails-page.css';

const T = UI_TEXTS.youtube;

export function ThumbnailsPage({ host }: ToolPageProps) {
  const link = useLinkField(YoutubeThumbnailUrlSchema);
  const action = useCallback((videoUrl: string) => getThumbnails(host.api, videoUrl), [host.api]);
  const run = useToolRun(host, action, failureTextOf(YOUTUBE_ENDPOINTS.thumbnails));
  const busy = run.status === 'loading';

  const submit = (value: string) => {
    if (!link.accept(value)) return;
    void run.run(value);
  };

  return (
    <div className="yt-page act-stack">
      <div className="act-panel act-stack">
        <UrlForm
          url={link.url}
          onUrlChange={link.change}
          onSubmit={submit}
          urlError={link.error}
          icon={Images}
          button={runButton({ busy, ready: T.getThumbnails, blocked: link.url.trim() === '' })}
          busy={busy}
        />
        <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
      </div>
      {run.result && (
        <ul className="yt-thumbnails" aria-label={T.thumbnailsTitle}>
          {run.result.thumbnails.map((thumbnail) => (
            <ThumbnailCard
              key={thumbnail.url}
              thumbnail={thumbnail}
              onDownload={() => downloadThumbnail(host.api, run.result!.videoId, thumbnail)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ThumbnailCard({ thumbnail, onDownload }: { thumbnail: Thumbnail; onDownload(): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await onDownload();
    } catch (raw) {
      setError(raw instanceof Error ? raw.message : failureTextOf(YOUTUBE_ENDPOINTS.thumbnailDownload));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="act-card yt-thumbnail" aria-label={thumbnail.label}>
      <div className="yt-thumbnail__frame">
        <img
          className="yt-thumbnail__image"
          src={thumbnail.url}
          alt={`${thumbnail.label} (${thumbnail.resolution})`}
          loading="lazy"
        />
      </div>
      <div className="yt-thumbnail__body">
        <h3 className="yt-thumbnail__label">{thumbnail.label}</h3>
        <p className="yt-thumbnail__resolution">{thumbnail.resolution}</p>
        <div className="yt-thumbnail__actions">
          <a className="yt-link-button" href={thumbnail.url} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={16} aria-hidden />
            {T.viewFullSize}
          </a>
          <Button size="sm" busy={busy} onClick={() => void download()}>
            {!busy && <Download size={16} aria-hidden />}
            {T.download}
          </Button>
        </div>
        {error && (
          <p className="act-error-text" role="alert">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
