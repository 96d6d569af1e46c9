// The words of shared chats (docs/product-rules.md#shared-chats), apart from the schemas so the landing page's
// texts pull in no zod.

/** The words of sharing (the chat screens' Share dialog, the shared page, the account's list). */
export const CHAT_SHARE_TEXTS = {
  share: 'Share',
  shareLabel: (title: string) => `Share: ${title}`,
  dialogTitle: 'Share this chat',
  dialogDescription:
    'Anyone with the link can read the messages as they are now. Later messages are not included, and nothing about you is shown.',
  expiry: 'Link expires',
  expiryOptions: { never: 'Never', 1: '1 day', 7: '7 days', 30: '30 days' },
  create: 'Create link',
  linkLabel: 'Share link',
  copy: 'Copy link',
  copied: 'Link copied!',
  createFailed: 'Failed to create the share link',
  // The shared page.
  sharedBadge: 'Shared chat (read-only)',
  sharedOn: (date: string) => `Shared on ${date}`,
  you: 'User',
  assistant: 'Assistant',
  attachment: (name: string) => `Attachment: ${name}`,
  notFoundTitle: 'Not found',
  notFoundBody: 'This shared chat does not exist, has expired or was revoked by its owner.',
  loadFailed: 'Failed to load the shared chat',
  sources: 'Sources',
  pageTitle: 'Shared chat',
  pageDescription: 'A read-only chat shared from the AI Creative Toolbox.',
  // The account's list.
  listTitle: 'Shared chats',
  listEmpty: 'You have not shared any chats. Use Share on a chat to make a read-only link.',
  columns: { title: 'Chat', created: 'Created', expires: 'Expires', link: 'Link' },
  never: 'Never',
  expired: 'Expired',
  open: 'Open',
  revoke: 'Revoke',
  revokeLabel: (title: string) => `Revoke: ${title}`,
  revokeTitle: 'Revoke this link?',
  revokeDescription: 'Anyone opening the link will see Not found. This cannot be undone.',
  revoked: 'Link revoked',
  loadMore: 'Load more',
  loadFailedList: 'Failed to load your shared chats',
  revokeFailed: 'Failed to revoke the link',
} as const;
