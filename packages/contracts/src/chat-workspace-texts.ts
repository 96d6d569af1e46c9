// The chat workspace's words on screen (issue 38, docs/product-rules.md#chat-workspace): the project picker, the
// project and instructions editors, pins, moving a chat and the "Instructions in use" note.
export const CHAT_WORKSPACE_TEXTS = {
  projectLabel: 'Project',
  allChats: 'All chats',
  noProject: 'No project',
  newProject: 'New project',
  editProject: 'Edit project',
  deleteProject: 'Delete project',
  projectName: 'Project name',
  projectInstructions: 'Project instructions',
  projectInstructionsHint:
    'Sent to the model before every message of this project’s chats (up to 4,000 characters).',
  save: 'Save',
  deleteProjectQuestion: 'What should happen to the chats in this project?',
  keepChats: 'Keep the chats (outside any project)',
  deleteChats: 'Delete the chats too',
  customInstructions: 'Custom instructions',
  customInstructionsText: 'Your instructions',
  customInstructionsHint:
    'Sent to the model on every chat screen after the project’s instructions (up to 4,000 characters).',
  useInstructions: 'Use my instructions in every chat',
  accountInstructionsHint:
    'What every chat screen tells the model about you and how you like answers: the Chat Playground’s four models, Chat Agent, Chat Reasoning, AI Web Chat and Deep Search.',
  saved: 'Saved',
  pin: (title: string) => `Pin: ${title}`,
  unpin: (title: string) => `Unpin: ${title}`,
  pinned: 'Pinned',
  move: (title: string) => `Move to a project: ${title}`,
  moveTitle: 'Move to a project',
  instructionsInUse: 'Instructions in use',
  fromProject: 'Project',
  fromMember: 'Yours',
  loadFailed: 'Could not load your projects',
  saveFailed: 'Could not save. Please try again.',
} as const;
