// Account page, Your data: "Export my data", the export's status while it is prepared, and the download link once it
// is ready (docs/product-rules.md#export-my-data).
import { Download } from 'lucide-react';
import { Alert, Button, Spinner } from '@act/host-sdk';
import { DATA_EXPORT_TEXTS } from '@act/contracts';
import { useDataExport } from './use-data-export';
import './account-section.css';
import './data-export-section.css';

const T = DATA_EXPORT_TEXTS;

export function DataExportSection({ userId }: { userId: string }) {
  const { current, starting, error, start } = useDataExport(userId);
  const pending = current?.status === 'pending';

  return (
    <section className="sh-account-section act-panel" aria-labelledby="data-export-title">
      <h2 id="data-export-title" className="sh-account-section__title">
        {T.title}
      </h2>
      <p className="sh-account-section__hint">{T.intro}</p>
      {error && <Alert variant="error">{error}</Alert>}
      <div role="status" className="sh-data-export__status">
        {pending && (
          <>
            <Spinner size={16} />
            <span>{T.status.pending}</span>
          </>
        )}
        {current?.status === 'ready' && <span>{T.status.ready}</span>}
        {current?.status === 'failed' && <span>{T.status.failed}</span>}
      </div>
      {current?.status === 'ready' && current.downloadUrl && (
        <p className="sh-data-export__download">
          <a href={current.downloadUrl} download>
            <Download size={16} aria-hidden />
            {T.download}
          </a>
          <span className="sh-account-section__hint">{T.linkHint}</span>
        </p>
      )}
      {!pending && (
        <Button variant="outline" onClick={() => void start()} disabled={starting}>
          {current?.status === 'failed' ? T.retry : T.button}
        </Button>
      )}
    </section>
  );
}
