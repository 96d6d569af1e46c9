import { describe, expect, it } from 'vitest';
import {
  deleteSessionConfirm,
  formatCost,
  saveDollarsPerYear,
  scheduledPlanChange,
  titleCaseToolName,
  UI_TEXTS,
  withCost,
} from './ui-texts';
import { getPlan } from './plans';

describe('UI texts', () => {
  it('keeps the spec wording', () => {
    expect(UI_TEXTS.landing.heroTitle).toBe('Your AI Creative Toolbox');
    expect(UI_TEXTS.landing.valuePoints.map((v) => v.title)).toEqual([
      'Lightning Fast',
      'Creator Friendly',
      'Secure & Private',
    ]);
    expect(UI_TEXTS.auth.toSignUp).toBe("Don't have an account? Sign up");
    expect(UI_TEXTS.common.comingSoon).toBe(
      "This tool is coming soon! We're working hard to bring you amazing AI capabilities.",
    );
    expect(UI_TEXTS.describeImage.generate).toBe('Generate Description (2 credits)');
    expect(UI_TEXTS.hub.end).toBe("You've reached the end.");
  });

  it('formats costs, savings, tool names and confirmations', () => {
    expect(formatCost(0)).toBe('Free');
    expect(formatCost(1)).toBe('1 credit');
    expect(formatCost(20)).toBe('20 credits');
    expect(withCost('Generate Prompt', 2)).toBe(UI_TEXTS.imageToPrompt.generate);
    expect(withCost('Enhance', 1)).toBe(UI_TEXTS.magicEnhance.enhance);
    expect(saveDollarsPerYear(getPlan('ultimate').yearlySaving)).toBe('Save $75 per year');
    expect(titleCaseToolName('youtube-thumbnail-downloader')).toBe('YouTube Thumbnail Downloader');
    expect(titleCaseToolName('ai-chat-playground')).toBe('AI Chat Playground');
    expect(titleCaseToolName('image-to-prompt')).toBe('Image To Prompt');
    expect(deleteSessionConfirm('chat')).toBe(
      'Are you sure you want to delete this chat session? This action cannot be undone.',
    );
    expect(scheduledPlanChange('Pro', 'August 1, 2025')).toBe('Your plan changes to Pro on August 1, 2025.');
    expect(UI_TEXTS.account.downgradeScheduled).toBe(
      'Your plan will change at the end of the billing period',
    );
  });
});
