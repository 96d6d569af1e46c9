// The API page (/account/api, docs/product-rules.md#personal-api-keys): how to call every tool with a personal API
// key, one curl example per charged endpoint of each tool family, generated from the families' OpenAPI documents.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Spinner, errorMessage } from '@act/host-sdk';
import { API_KEY_TEXTS, ERROR_TEXTS, OPENAPI_ENDPOINTS, UI_TEXTS } from '@act/contracts';
import { useServices } from '../../app/services-context';
import { ScrollRegion } from '../../components/scroll-region';
import { PageMeta } from '../../seo/page-meta';
import { curlExamples, type CurlExample, type OpenApiDoc } from './curl-examples';
import './api-page.css';

const T = API_KEY_TEXTS.api;
const FAMILIES = ['prompt', 'chat', 'image', 'voice', 'youtube'] as const;
type Family = (typeof FAMILIES)[number];

function useExamples(): { examples: Array<[Family, CurlExample[]]> | null; error: string | null } {
  const { api } = useServices();
  const [examples, setExamples] = useState<Array<[Family, CurlExample[]]> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    Promise.all(
      FAMILIES.map(async (family): Promise<[Family, CurlExample[]]> => {
        const doc = (await api.call(OPENAPI_ENDPOINTS[family])) as OpenApiDoc;
        return [family, curlExamples(doc, window.location.origin)];
      }),
    ).then(
      (found) => {
        if (!cancelled) setExamples(found);
      },
      (err: unknown) => {
        if (!cancelled) setError(errorMessage(err, ERROR_TEXTS.generic.unexpected));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api]);
  return { examples, error };
}

export function ApiPage() {
  const { examples, error } = useExamples();
  return (
    <main id="main" className="sh-container sh-api-page">
      <PageMeta title={T.pageTitle} description={T.intro} path="/account/api" noIndex />
      <h1 className="sh-page-title">{T.title}</h1>
      <p>{T.intro}</p>
      <p className="sh-api-page__links">
        <Link to="/dashboard?view=account">{T.manageKeys}</Link>
        <a href="/api/docs">{T.reference}</a>
        <Link to="/dashboard">{UI_TEXTS.toolShell.backToDashboard}</Link>
      </p>
      {error && <Alert variant="error">{error}</Alert>}
      {!examples && !error && <Spinner size={20} showLabel />}
      {examples?.map(([family, list]) => (
        <section key={family} className="sh-api-page__family" aria-labelledby={`api-${family}`}>
          <h2 id={`api-${family}`}>{family}</h2>
          {list.map((example) => (
            <div key={`${example.method} ${example.path}`} className="sh-api-page__example">
              <h3>
                {example.tool} <span className="sh-api-page__credits">({T.credits(example.credits)})</span>
              </h3>
              <ScrollRegion className="sh-api-page__code" label={`${example.method} ${example.path}`}>
                <pre>
                  <code>{example.command}</code>
                </pre>
              </ScrollRegion>
            </div>
          ))}
        </section>
      ))}
    </main>
  );
}
