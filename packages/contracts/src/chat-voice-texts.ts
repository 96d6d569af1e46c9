// The words of voice in chat (docs/product-rules.md#dictation, #read-aloud): the microphone of
// every chat message box, Read aloud on every answer and the Chat Agent's conversation mode.

export const CHAT_VOICE_TEXTS = {
  dictate: 'Dictate',
  dictateDescription: (cost: number) =>
    `Record your message and turn it into text: ${cost} credit per started minute`,
  stopDictation: (elapsed: string) => `Stop recording (${elapsed})`,
  transcribing: 'Turning your recording into text…',
  microphoneDenied: 'Microphone access was denied or is not available.',
  /** A recording stopped before the microphone gave any sound: nothing is sent, nothing is charged. */
  nothingRecorded: 'Nothing was recorded. Please try again and speak after the timer starts.',
  readAloud: 'Read aloud',
  readAloudDescription: (cost: number) =>
    `Read this answer aloud with the Text to Speech voice: ${cost} credits`,
  stopReading: 'Stop reading',
  preparingSpeech: 'Preparing speech…',
  speechPlayer: 'Answer read aloud',
  conversationMode: 'Conversation mode',
  conversationModeHint:
    'Hands-free: speak, pause for a moment to send, hear the answer read aloud, then speak again.',
  /** What one turn of conversation mode costs: the prices of dictation, the message and Read aloud, nothing more. */
  conversationModeCosts: (message: number, speech: number) =>
    `Each turn costs what dictating it (1 credit per started minute), the message (${message} credits) and reading the answer aloud (${speech} credits) cost.`,
  /** The state of conversation mode, announced politely. */
  conversationState: 'Conversation mode',
  listening: 'Listening…',
  thinking: 'Thinking…',
  speaking: 'Speaking…',
  stopConversation: 'Stop conversation',
  /** Listening heard no speech for a while: the loop ends, nothing is charged. */
  nothingHeard:
    'Nothing was heard, so conversation mode stopped. Start it again when you are ready to speak.',
} as const;
