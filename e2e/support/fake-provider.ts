// The AI provider of the browser tests: a local OpenAI-compatible server (service-kit's fake) that streams every
// chat answer slowly in small chunks, so a test sees replies grow and can press Stop. Each answer names the
// upstream model it came from; reasoning models send reasoning first. The chat service is pointed at it with
// OPENAI_BASE_URL and a placeholder OPENAI_API_KEY; no real provider is ever called.
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

/** The whole answer the fake writes for a model. */
export function fakeAnswerFor(model: string): string {
  return `Answer from ${model}: this reply is **streamed** in small chunks by the local test provider.`;
}

/** The text of the last user message of a request. */
function lastQuestion(request: ChatRequest): string {
  const content = request.body.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join(' ');
}

function answerTo(request: ChatRequest): FakeAnswer {
  const { model } = request.body;
  const question = lastQuestion(request);
  const slow = question.includes(SLOW_WORD);
  const code = question.includes(CODE_WORD);
  const text = fakeAnswerFor(model) + (slow ? SLOW_EXTRA : '') + (code ? CODE_EXTRA : '');
  const words = text.split(/(?<= )/);
  const reasons = /r1|reasoning/i.test(model);
  return {
    kind: 'stream',
    reasoning: reasons ? ['Thinking it through: ', 'the question is clear.'] : undefined,
    chunks: words,
    chunkDelayMs: slow ? SLOW_CHUNK_DELAY_MS : CHUNK_DELAY_MS,
  };
}

export async function startStreamingProvider(): Promise<FakeOpenAi> {
  const fake = await startFakeOpenAi();
  fake.setFallback(answerTo);
  return fake;
}
