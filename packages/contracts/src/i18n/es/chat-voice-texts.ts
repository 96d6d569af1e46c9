// Spanish CHAT_VOICE_TEXTS (docs/architecture.md#languages).
import type { Catalogue } from '../catalogue';
import type { CHAT_VOICE_TEXTS } from '../english';

export const ES_CHAT_VOICE_TEXTS: Catalogue<typeof CHAT_VOICE_TEXTS> = {
  dictate: 'Dictar',
  dictateDescription: (cost: number) =>
    `Graba tu mensaje y conviértelo en texto: ${cost} ${cost === 1 ? 'crédito' : 'créditos'} por minuto empezado`,
  stopDictation: (elapsed: string) => `Detener grabación (${elapsed})`,
  transcribing: 'Convirtiendo tu grabación en texto…',
  microphoneDenied: 'Se denegó el acceso al micrófono o no está disponible.',
  nothingRecorded: 'No se grabó nada. Inténtalo de nuevo y habla cuando empiece el contador.',
  readAloud: 'Leer en voz alta',
  readAloudDescription: (cost: number) =>
    `Leer esta respuesta en voz alta con la voz de Text to Speech: ${cost} créditos`,
  stopReading: 'Dejar de leer',
  preparingSpeech: 'Preparando el audio…',
  speechPlayer: 'Respuesta leída en voz alta',
  conversationMode: 'Modo conversación',
  conversationModeHint:
    'Manos libres: habla, haz una breve pausa para enviar, escucha la respuesta en voz alta y vuelve a hablar.',
  conversationModeCosts: (message: number, speech: number) =>
    `Cada turno cuesta lo que cuestan dictarlo (1 crédito por minuto empezado), el mensaje (${message} créditos) y leer la respuesta en voz alta (${speech} créditos).`,
  conversationState: 'Modo conversación',
  listening: 'Escuchando…',
  thinking: 'Pensando…',
  speaking: 'Hablando…',
  stopConversation: 'Detener conversación',
  nothingHeard:
    'No se oyó nada, así que el modo conversación se detuvo. Vuelve a iniciarlo cuando estés listo para hablar.',
};
