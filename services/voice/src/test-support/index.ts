// What other workspaces' tests use of the voice service (`@act/voice/testing`): the local fake of ElevenLabs' API.
export * from './fake-elevenlabs';
export * from './fake-openai-stt';
