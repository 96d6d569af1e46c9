// The AI provider of the browser tests: a local OpenAI-compatible server (service-kit's fake) that streams every
// chat answer slowly in small chunks, so a test sees replies grow and can press Stop. Each answer names the
// upstream model it came from; reasoning models send reasoning first. An answer says how many images and PDFs reached
// it as content parts (so a test sees an attachment got to the model), a request with OpenRouter's web plugin gets
// web search results as url_citation annotations cited [1] and [2], and a question about a web page (passages in the
// system message) cites its first passage; a playground fuse is answered with a merged answer and its "Taken from"
// list; a question asking for them gets the system texts it read quoted (SYSTEM_TEXTS_WORD).
// The chat service is pointed at it with OPENAI_BASE_URL and a placeholder
// OPENAI_API_KEY; no real provider is ever called.
import {
  startFakeOpenAi,
  type ChatRequest,
  type FakeAnswer,
  type FakeOpenAi,
} from '@act/service-kit/testing';

export const FAKE_PROVIDER_KEY = 'e2e-fake-provider-key';
/** Pause between two chunks of a streamed answer. */
export const CHUNK_DELAY_MS = 150;
/** A question containing this word is answered slowly (about 8 s), long enough to reload, reopen or stop. */
export const SLOW_WORD = 'slowly';
const SLOW_CHUNK_DELAY_MS = 350;
const SLOW_EXTRA =
  ' It goes on for a while, one word at a time, so there is time to look away and come back.';
/** A question containing this word gets a fenced TypeScript block after the answer. */
export const CODE_WORD = 'code';
export const FAKE_CODE = 'const answer: number = 42; // the answer';
const CODE_EXTRA = `\n\n\`\`\`ts\n${FAKE_CODE}\n\`\`\`\n`;

/**
 * A question containing one of these words gets that rich answer after its text (docs/product-rules.md#rich-answers):
 * an HTML artifact whose script shows a result, display maths and a Mermaid diagram; or hostile ones.
 */
export const RICH_EXTRAS: Record<string, string> = {
  richdemo: [
    '\n\n```html\n<p id="out">waiting</p>\n<script>document.getElementById("out").textContent = "Script ran: " + 6 * 7;</script>\n```',
    '\n\n$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$',
    '\n\n```mermaid\ngraph TD\n  Ask --> Answer\n```\n',
  ].join(''),
  hostiledemo: [
    '\n\n```html\n<p id="probe">probing</p>\n<script>',
    'const seen = {};',
    'try { seen.parent = String(parent.document.title); } catch (e) { seen.parent = "blocked"; }',
    'try { seen.cookie = document.cookie; } catch (e) { seen.cookie = "blocked"; }',
    'try { seen.storage = String(localStorage.length); } catch (e) { seen.storage = "blocked"; }',
    'const report = () => { document.getElementById("probe").textContent = "probed"; parent.postMessage({ probe: seen }, "*"); };',
    'const image = new Image(); const loaded = new Promise((done) => { image.onload = () => done("loaded"); image.onerror = () => done("blocked"); });',
    'image.src = "/api/health?artifact-probe=image";',
    'Promise.all([fetch("/api/credits/me?artifact-probe=fetch").then(() => "reached", () => "blocked"), loaded])',
    '  .then(([fetched, img]) => { seen.fetch = fetched; seen.image = img; report(); });',
    '</script>\n```',
    '\n\n```mermaid\ngraph TD\n  A["<img src=x onerror=window.pwned=1>"] --> B["<script>window.pwned=2</script>"]',
    '\n  click A callback "x"\n  click B "javascript:window.pwned=3"\n```\n',
  ].join('\n'),
};

/** The whole answer the fake writes for a model. */
export function fakeAnswerFor(model: string): string {
  return `Answer from ${model}: this reply is **streamed** in small chunks by the local test provider.`;
}

/** The text of the last user message of a request. */
function lastQuestion(request: ChatRequest): string {
  const content = request.body.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join(' ');
}

/** The web search results the fake returns to a request with the web plugin. */
export const FAKE_SEARCH_RESULTS = [
  { url: 'https://news.example.com/rates', title: 'Rates hold steady', content: 'Rates held steady today.' },
  { url: 'https://markets.example.org/today', title: 'Markets today', content: 'Markets rose slightly.' },
];

/** '(I received 1 image and 1 PDF.)' for the attachments of the last user message, or '' without any. */
function attachmentsNote(request: ChatRequest): string {
  const content = request.body.messages.filter((message) => message.role === 'user').at(-1)?.content;
  const parts = typeof content === 'string' || !content ? [] : content;
  const images = parts.filter((part) => part.type === 'image_url').length;
  const pdfs = parts.filter((part) => part.type === 'file').length;
  if (images + pdfs === 0) return '';
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const named = [images && count(images, 'image'), pdfs && count(pdfs, 'PDF')].filter(Boolean);
  return ` (I received ${named.join(' and ')}.)`;
}

/** A playground fuse (its system message asks to fuse answers): the merged answer, then what it took from each. */
export const FAKE_FUSED_ANSWER = 'Fused: both units matter, and the kibibyte is the larger one.';
export const FAKE_FUSED_PARTS = '\n\n### Taken from\n- GPT-4o Mini: the sizes\n- Claude 4 Sonnet: the code';

/** Deep Search's plan request: answered with two queries, one a line. */
export const DEEP_SEARCH_PLAN = ['why tides happen', 'moon gravity oceans'];

function answerTo(request: ChatRequest): FakeAnswer {
  const { model } = request.body;
  const system = request.body.messages.find((message) => message.role === 'system')?.content;
  if (typeof system === 'string' && system.startsWith('You plan web research')) {
    return { kind: 'stream', chunks: [`${DEEP_SEARCH_PLAN[0]}\n`, DEEP_SEARCH_PLAN[1]!] };
  }
  if (typeof system === 'string' && system.startsWith('You fuse answers')) {
    const words = `${FAKE_FUSED_ANSWER}${FAKE_FUSED_PARTS}`.split(/(?<= )/);
    return { kind: 'stream', chunks: words, chunkDelayMs: CHUNK_DELAY_MS };
  }
  const question = lastQuestion(request);
  const slow = question.includes(SLOW_WORD);
  const code = question.includes(CODE_WORD);
  const webSearch = request.body.plugins?.some((plugin) => plugin.id === 'web') || model.endsWith(':online');
  const aboutPage = request.body.messages.some(
    (message) => message.role === 'system' && JSON.stringify(message.content).includes('[1] '),
  );
  const text =
    fakeAnswerFor(model) +
    earlierReportNote(request) +
    systemTextsNote(request, question) +
    attachmentsNote(request) +
    (webSearch ? ' Rates held steady [1] and markets rose [2].' : '') +
    (aboutPage ? ' The page says so in its first passage [1].' : '') +
    (slow ? SLOW_EXTRA : '') +
    (code ? CODE_EXTRA : '') +
    Object.entries(RICH_EXTRAS)
      .filter(([word]) => question.includes(word))
      .map(([, extra]) => extra)
      .join('');
  const words = text.split(/(?<= )/);
  const reasons = /r1|reasoning/i.test(model);
  return {
    kind: 'stream',
    reasoning: reasons ? ['Thinking it through: ', 'the question is clear.'] : undefined,
    chunks: words,
    chunkDelayMs: slow ? SLOW_CHUNK_DELAY_MS : CHUNK_DELAY_MS,
    ...(webSearch ? { annotations: FAKE_SEARCH_RESULTS } : {}),
  };
}

/** The words a Deep Search follow-up's answer quotes of the earlier report it was given (issue 38). */
export const EARLIER_REPORT_NOTE = ' Building on the earlier report:';

/** A follow-up's write request carries the earlier report as an assistant message: the answer quotes its start. */
function earlierReportNote(request: ChatRequest): string {
  const system = request.body.messages.find((message) => message.role === 'system')?.content;
  if (typeof system !== 'string' || !system.includes('This is a follow-up question')) return '';
  const earlier = request.body.messages.find((message) => message.role === 'assistant')?.content;
  return typeof earlier === 'string' ? `${EARLIER_REPORT_NOTE} “${earlier.slice(0, 30).trim()}”.` : '';
}

/**
 * A question containing this word is answered with the system messages the model read before the conversation, in
 * their order (issue 38): a test sees which instructions reached the model, and in which order.
 */
export const SYSTEM_TEXTS_WORD = 'whatwereyoutold';

/** ' (Told first: “A”, then: “B”.)' for the leading system messages, when the question asks for them. */
export function systemTextsNote(request: ChatRequest, question = lastQuestion(request)): string {
  if (!question.includes(SYSTEM_TEXTS_WORD)) return '';
  const leading = request.body.messages.findIndex((message) => message.role !== 'system');
  const texts = request.body.messages
    .slice(0, leading === -1 ? undefined : leading)
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    );
  return texts.length === 0
    ? ' (Told nothing.)'
    : ` (Told first: ${texts.map((t) => `“${t}”`).join(', then: ')}.)`;
}

export async function startStreamingProvider(): Promise<FakeOpenAi> {
  const fake = await startFakeOpenAi();
  fake.setFallback(answerTo);
  return fake;
}
