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

/** The whole answer the fake writes for a model. */
export function fakeAnswerFor(model: string): string {
  return `Answer from ${model}: this reply is **streamed** in small chunks by the local test provider.`;
}

function answerTo(request: ChatRequest): FakeAnswer {
  const { model } = request.body;
  const words = fakeAnswerFor(model).split(/(?<= )/);
  const reasons = /r1|reasoning/i.test(model);
  return {
    kind: 'stream',
    reasoning: reasons ? ['Thinking it through: ', 'the question is clear.'] : undefined,
    chunks: words,
    chunkDelayMs: CHUNK_DELAY_MS,
  };
}

export async function startStreamingProvider(): Promise<FakeOpenAi> {
  const fake = await startFakeOpenAi();
  fake.setFallback(answerTo);
  return fake;
}
