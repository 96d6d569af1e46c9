// Deep Search (docs/product-rules.md#deep-search): a question in, the research's steps as they happen, then one report
// with numbered citations that open the pages they came from and the list of pages read; Stop (free), Copy, Download
// as Markdown, and the past reports (the chat session list: search, rename, delete, reopen). Members only; what is
// missing on the server (search provider, LLM key) is said before the member types. The open report is in the
// address (`?session=<id>`, as on the chat screens): a reload or another tab opens it again, and a report still being
// written is followed by its reply id, live, to its end (docs/product-rules.md#resume). The state is
// hooks/use-deep-search.ts. The library's `?open=<id>` opens a report the same way; a finished report has Send to.
import { useState } from 'react';
import { DEEP_SEARCH_TEXTS } from '@act/contracts';
import { Alert, RunError, SendToMenu, isApiError, type ToolPageProps } from '@act/host-sdk';
import { lacksCredits } from '../components/chat-notices';
import { DeepSearchAsk } from '../components/deep-search-ask';
import { DeepSearchFollowUp } from '../components/deep-search-follow-up';
import { DeepSearchReport, DeepSearchSteps } from '../components/deep-search-report';
import { MembersOnly } from '../components/members-only';
import { SessionSidebar } from '../components/session-sidebar';
import { DEEP_SEARCH_SCREEN, useDeepSearch } from '../hooks/use-deep-search';
import { useSessionList } from '../hooks/use-session-list';
import { ChatVoiceProvider } from '../voice/voice-context';
import './deep-search-page.css';

const SCREEN = DEEP_SEARCH_SCREEN;
const T = DEEP_SEARCH_TEXTS;

export function DeepSearchPage({ host }: ToolPageProps) {
  if (!host.user) return <MembersOnly host={host} />;
  return <DeepSearch host={host} />;
}

function DeepSearch({ host }: ToolPageProps) {
  const sessions = useSessionList(host.api, SCREEN);
  const search = useDeepSearch(host, sessions.reload, sessions.projectId);
  const { status, reply, asked, report, activeId } = search;
  const [question, setQuestion] = useState('');

  const available = status?.available ?? true;
  const poor = lacksCredits(host, SCREEN.cost);
  const refused = asked !== null && !reply.streaming && !reply.events.some((event) => event.type === 'start');
  const startNew = () => {
    search.startNew();
    setQuestion('');
  };

  return (
    <ChatVoiceProvider host={host}>
      <div className="ch-layout">
        <SessionSidebar
          screen={SCREEN}
          sessions={sessions}
          api={host.api}
          activeId={activeId}
          onSelect={(session) => void search.open(session.id)}
          onNew={startNew}
          onDeleted={(id) => {
            if (id === activeId) startNew();
          }}
          disabled={reply.streaming}
        />
        <section className="ch-main act-panel ds-main">
          {status && !status.available && (
            <Alert variant="error" className="ch-notice">
              {!status.search ? T.unavailableSearch : T.unavailableLlm}
            </Alert>
          )}
          {available && poor && (
            <Alert variant="error" className="ch-notice">
              {T.insufficientCredits}
            </Alert>
          )}
          <DeepSearchAsk
            question={question}
            onQuestion={setQuestion}
            cost={SCREEN.cost}
            blocked={!available || poor}
            running={reply.streaming}
            stopping={search.stopping}
            onAsk={search.ask}
            onStop={search.stop}
            api={host.api}
          />
          {refused && reply.error && (
            <RunError
              error={reply.error.message}
              needsSignup={isApiError(reply.error) && reply.error.needsSignup === true}
              host={host}
            />
          )}
          {search.openError && <RunError error={search.openError} needsSignup={false} host={host} />}
          {!report && !refused && <p className="ch-main__empty">{T.empty}</p>}
          <DeepSearchSteps steps={search.steps} running={reply.streaming} />
          {search.earlier.map((earlier, index) => (
            <DeepSearchReport key={`${index}-${earlier.question}`} report={earlier} reopened />
          ))}
          {report && !refused && (
            <DeepSearchReport
              report={report}
              reopened={!asked}
              sendTo={
                activeId && (
                  <SendToMenu
                    itemId={activeId}
                    kind="report"
                    fromTool="deep-search"
                    navigate={host.navigate}
                  />
                )
              }
            />
          )}
          {(refused ? search.earlier.length > 0 : report?.status === 'completed') && !reply.streaming && (
            <DeepSearchFollowUp
              api={host.api}
              cost={SCREEN.cost}
              blocked={!available || poor}
              onAsk={search.followUp}
            />
          )}
        </section>
      </div>
    </ChatVoiceProvider>
  );
}
