import { describe, expect, it } from 'vitest';
import {
  ChatAgentSendMessageRequestSchema,
  PlaygroundSendMessageRequestSchema,
  WebChatRequestSchema,
} from './chat';
import { GetThumbnailsRequestSchema, parseYoutubeVideoId, SummarizeYoutubeRequestSchema } from './youtube';
import { ExpressionChangeRequestSchema, TextToImageRequestSchema } from './image';
import {
  GenerateAiDescriptionRequestSchema,
  GenerateTextPromptRequestSchema,
  GenerateVideoPromptRequestSchema,
} from './prompt';
import { SoundEffectsRequestSchema, TextToSpeechRequestSchema } from './voice';

const image = 'data:image/png;base64,iVBORw0KGgo=';
const pdf = 'data:application/pdf;base64,JVBERi0x';
const sessionId = '4c2a9e7b-1f3d-4a6c-8b5e-9d0f1a2b3c4d';

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('prompt requests', () => {
  it('needs non-blank text for magic enhance and trims it', () => {
    expect(GenerateTextPromptRequestSchema.parse({ text: '  a cat  ' }).text).toBe('a cat');
    expect(firstMessage(GenerateTextPromptRequestSchema.safeParse({ text: '   ' }))).toBe(
      'Please enter some text',
    );
  });

  it('needs at least one analysis task', () => {
    const base = { image, language: 'English' };
    expect(
      GenerateAiDescriptionRequestSchema.safeParse({ ...base, analysisTasks: ['describe-details'] }).success,
    ).toBe(true);
    expect(firstMessage(GenerateAiDescriptionRequestSchema.safeParse({ ...base, analysisTasks: [] }))).toBe(
      'Please select an analysis task',
    );
    expect(
      GenerateAiDescriptionRequestSchema.safeParse({ ...base, analysisTasks: ['describe-cat'] }).success,
    ).toBe(false);
  });

  it('needs a trimmed action description for a video prompt', () => {
    const base = { image, language: 'French', cameraMotion: 'zoom-in', videoStyle: 'anime' };
    expect(
      GenerateVideoPromptRequestSchema.parse({ ...base, actionDescription: ' waves ' }).actionDescription,
    ).toBe('waves');
    expect(GenerateVideoPromptRequestSchema.safeParse({ ...base, actionDescription: '  ' }).success).toBe(
      false,
    );
    expect(
      GenerateVideoPromptRequestSchema.safeParse({ ...base, cameraMotion: 'spin', actionDescription: 'x' })
        .success,
    ).toBe(false);
  });
});

describe('chat requests', () => {
  it('refuses attachments and web search for models without them', () => {
    const base = { prompt: 'hi', modelId: 'mistralai/mistral-nemo' };
    expect(ChatAgentSendMessageRequestSchema.parse(base).enableWebSearch).toBe(false);
    expect(ChatAgentSendMessageRequestSchema.safeParse({ ...base, image }).success).toBe(false);
    expect(ChatAgentSendMessageRequestSchema.safeParse({ ...base, pdf }).success).toBe(false);
    expect(ChatAgentSendMessageRequestSchema.safeParse({ ...base, enableWebSearch: true }).success).toBe(
      false,
    );
    expect(
      ChatAgentSendMessageRequestSchema.safeParse({
        prompt: 'hi',
        modelId: 'anthropic/claude-sonnet-4',
        image,
        pdf,
        enableWebSearch: true,
      }).success,
    ).toBe(true);
  });

  it('checks chat attachments with the chat texts', () => {
    const result = ChatAgentSendMessageRequestSchema.safeParse({
      prompt: 'hi',
      modelId: 'openai/gpt-4o-mini',
      image: 'data:text/plain;base64,AA==',
    });
    expect(firstMessage(result)).toBe('Please select a valid image file');
  });

  it('keeps playground histories to the four columns', () => {
    const ok = PlaygroundSendMessageRequestSchema.safeParse({
      prompt: 'hi',
      conversationHistories: { 'openai/gpt-4o-mini': [{ role: 'user', content: 'earlier' }] },
    });
    expect(ok.success).toBe(true);
    const bad = PlaygroundSendMessageRequestSchema.safeParse({
      prompt: 'hi',
      conversationHistories: { 'some/model': [] },
    });
    expect(bad.success).toBe(false);
  });

  it('starts a web chat with an http(s) url and continues with a session', () => {
    expect(
      WebChatRequestSchema.safeParse({ prompt: 'INITIAL_SETUP', url: 'https://example.com/a' }).success,
    ).toBe(true);
    expect(
      firstMessage(WebChatRequestSchema.safeParse({ prompt: 'INITIAL_SETUP', url: 'ftp://example.com' })),
    ).toBe('Please enter a valid website URL (e.g., https://example.com)');
    expect(firstMessage(WebChatRequestSchema.safeParse({ prompt: 'INITIAL_SETUP' }))).toBe(
      'Please enter a valid website URL (e.g., https://example.com)',
    );
    expect(WebChatRequestSchema.safeParse({ prompt: 'What is it about?', sessionId }).success).toBe(true);
    expect(firstMessage(WebChatRequestSchema.safeParse({ prompt: '  ', sessionId }))).toBe(
      'Please enter your question.',
    );
    expect(firstMessage(WebChatRequestSchema.safeParse({ prompt: 'Why?' }))).toBe('No active chat session.');
  });
});

describe('image requests', () => {
  const base = { model: 'imagen-4-preview', aspectRatio: 'square', imageFormat: 'png' };

  it('needs a prompt of at most 1000 characters and a whole seed', () => {
    expect(TextToImageRequestSchema.safeParse({ ...base, prompt: 'a fox', seed: 42 }).success).toBe(true);
    expect(firstMessage(TextToImageRequestSchema.safeParse({ ...base, prompt: ' ' }))).toBe(
      'Please enter a prompt',
    );
    expect(TextToImageRequestSchema.safeParse({ ...base, prompt: 'x'.repeat(1001) }).success).toBe(false);
    expect(TextToImageRequestSchema.safeParse({ ...base, prompt: 'x'.repeat(1000) }).success).toBe(true);
    expect(
      TextToImageRequestSchema.safeParse({ ...base, prompt: 'x', negativePrompt: 'n'.repeat(201) }).success,
    ).toBe(false);
    expect(TextToImageRequestSchema.safeParse({ ...base, prompt: 'x', seed: 1.5 }).success).toBe(false);
  });

  it('needs an image and a trimmed expression', () => {
    expect(ExpressionChangeRequestSchema.parse({ image, expression: ' happy ' }).expression).toBe('happy');
    expect(ExpressionChangeRequestSchema.safeParse({ image, expression: ' ' }).success).toBe(false);
    expect(ExpressionChangeRequestSchema.safeParse({ expression: 'happy' }).success).toBe(false);
  });
});

describe('voice requests', () => {
  it('limits text to speech to 2000 characters and needs a voice', () => {
    expect(TextToSpeechRequestSchema.safeParse({ text: 'x'.repeat(2000), voiceId: 'v1' }).success).toBe(true);
    expect(firstMessage(TextToSpeechRequestSchema.safeParse({ text: 'x'.repeat(2001), voiceId: 'v1' }))).toBe(
      'Text Too Long',
    );
    expect(firstMessage(TextToSpeechRequestSchema.safeParse({ text: 'hello', voiceId: '' }))).toBe(
      'Please select a voice',
    );
  });

  it('limits sound effect descriptions to 500 characters', () => {
    expect(firstMessage(SoundEffectsRequestSchema.safeParse({ prompt: 'x'.repeat(501) }))).toBe(
      'Description Too Long',
    );
  });
});

describe('youtube links', () => {
  it('reads the video id from watch, short, shorts and embed links', () => {
    expect(parseYoutubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('dQw4w9WgXcQ');
    expect(parseYoutubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(parseYoutubeVideoId('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(parseYoutubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(parseYoutubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(parseYoutubeVideoId('https://vimeo.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parseYoutubeVideoId('not a url')).toBeNull();
  });

  it('accepts embed links for summaries but not for thumbnails', () => {
    const embed = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
    expect(SummarizeYoutubeRequestSchema.safeParse({ videoUrl: embed }).success).toBe(true);
    expect(firstMessage(GetThumbnailsRequestSchema.safeParse({ videoUrl: embed }))).toBe(
      'Please enter a valid YouTube URL',
    );
    expect(firstMessage(SummarizeYoutubeRequestSchema.safeParse({ videoUrl: 'https://example.com' }))).toBe(
      'Please enter a valid YouTube URL',
    );
  });
});
