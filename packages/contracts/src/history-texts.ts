// The words of the tool pages' own histories (issue 37, docs/product-rules.md#prompt-results and
// #youtube-past-summaries): each prompt tool's recent results and the summarizer's past summaries. Both are host-sdk's
// one ResultHistory list, so each has that list's words (open, copy, delete with its confirmation, load more).

export const PROMPT_RESULTS_TEXTS = {
  title: 'Recent results',
  empty: 'Your results will appear here.',
  /** How many of the newest results the list shows. */
  shown: 5,
  open: 'Open',
  openLabel: (input: string) => `Open the result for "${input}"`,
  copyLabel: (input: string) => `Copy the result for "${input}"`,
  deleteLabel: (input: string) => `Delete the result for "${input}"`,
  confirmTitle: 'Delete this result?',
  confirmText: (input: string) => `The result for "${input}" will be deleted for good.`,
  loadMore: 'Load more',
  loadFailed: 'Failed to load your recent results',
  openFailed: 'This result could not be found',
  deleteFailed: 'Failed to delete the result',
  /** The result area's title while a stored result is shown. */
  opened: (createdAt: string) => `Result from ${createdAt}`,
} as const;

export const PAST_SUMMARIES_TEXTS = {
  title: 'Past summaries',
  empty: 'Your summaries will appear here.',
  open: 'Open',
  openLabel: (title: string) => `Open the summary of "${title}"`,
  copyLabel: (title: string) => `Copy the summary of "${title}"`,
  deleteLabel: (title: string) => `Delete the summary of "${title}"`,
  confirmTitle: 'Delete this summary?',
  confirmText: (title: string) => `The summary of "${title}" and its questions will be deleted for good.`,
  loadMore: 'Load more',
  loadFailed: 'Failed to load your past summaries',
  reopenFailed: 'This summary could not be found',
  deleteFailed: 'Failed to delete the summary',
} as const;
