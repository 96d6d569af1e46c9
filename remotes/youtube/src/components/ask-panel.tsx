// "Ask this video" under a summary (docs/product-rules.md#youtube-ask): a question about the video, answered from its
// transcript for 2 credits (the summarizer's follow-up price, shown on Ask; free when it fails), each answer citing
// the moments it used. Without an AI provider on the server the box says so before the member types, and stays shut.
import { useId, useState, type FormEvent } from 'react';
import { MessageCircleQuestion } from 'lucide-react';
import {
  AskVideoRequestSchema,
  ERROR_TEXTS,
  failureTextOf,
  LIMITS,
  UI_TEXTS,
  toolCost,
  withCost,
  YOUTUBE_ENDPOINTS,
  type AskVideoReply,
  type VideoAnswer,
} from '@act/contracts';
import {
  Alert,
  GenerateButton,
  RunError,
  runButton,
  TextField,
  useToolRun,
  type ToolPageProps,
} from '@act/host-sdk';
import { askVideo } from '../api/youtube-api';
import { VideoAnswerItem } from './video-answer';
import './ask-panel.css';

const T = UI_TEXTS.youtube;
/** What one question costs: the summarizer's follow-up price. */
export const ASK_COST = toolCost('youtube-summarizer', { followUp: true });

export interface AskPanelProps {
  host: ToolPageProps['host'];
  /** The saved summary the questions are asked on. */
  sessionId: string;
  /** False when the server has no AI provider (the summary was made locally). */
  available: boolean;
  /** The questions already answered (a reopened past summary). */
  initialAnswers?: readonly VideoAnswer[];
}

export function AskPanel({ host, sessionId, available, initialAnswers = [] }: AskPanelProps) {
  const headingId = useId();
  const [question, setQuestion] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<VideoAnswer[]>([...initialAnswers]);
  const run = useToolRun<[string], AskVideoReply>(
    host,
    (text) => askVideo(host.api, sessionId, text),
    failureTextOf(YOUTUBE_ENDPOINTS.askVideo),
  );
  const busy = run.status === 'loading';
  const affordable = host.user === null || host.credits >= ASK_COST;

  const submit = async () => {
    const parsed = AskVideoRequestSchema.safeParse({ question });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? ERROR_TEXTS.validation.enterYourQuestion);
      return;
    }
    setFieldError(null);
    const reply = await run.run(parsed.data.question);
    if (!reply) return;
    setAnswers((shown) => [...shown, reply]);
    setQuestion('');
  };

  return (
    <section className="act-card yt-ask" aria-labelledby={headingId}>
      <h2 id={headingId} className="yt-ask__title">
        {T.askTitle}
      </h2>
      {available ? (
        <p className="yt-ask__hint">{T.askHint}</p>
      ) : (
        <Alert variant="info">{ERROR_TEXTS.youtube.askNeedsProviderKey}</Alert>
      )}
      {answers.length > 0 && (
        <ol className="yt-ask__answers" aria-label={T.askTitle}>
          {answers.map((answer) => (
            <VideoAnswerItem key={answer.id} answer={answer} />
          ))}
        </ol>
      )}
      <form
        className="yt-ask__form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <TextField
          label={T.askLabel}
          placeholder={T.askPlaceholder}
          value={question}
          onChange={(event) => {
            setQuestion(event.target.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
          disabled={!available || busy}
          maxLength={LIMITS.chatMessage}
          className="yt-ask__field"
        />
        <GenerateButton
          onClick={() => void submit()}
          icon={MessageCircleQuestion}
          state={runButton({
            busy,
            busyLabel: T.answering,
            // 'Insufficient Credits' only while questions can be asked at all.
            affordable: !available || affordable,
            ready: withCost(T.ask, ASK_COST),
            blocked: !available,
          })}
          busy={busy}
          host={host}
        />
      </form>
      <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
    </section>
  );
}
