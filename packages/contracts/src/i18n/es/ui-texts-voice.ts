// Spanish UI_TEXTS, part 3 (see ui-texts.ts): the voice screens, shared parts and the static pages.
import type { Catalogue } from '../catalogue';
import type { UI_TEXTS } from '../english';
import { formatNumber } from '../format';
import { ES_CHAT_SHARE_TEXTS } from './chat-share-texts';
import { ES_CHAT_WORKSPACE_TEXTS } from './chat-workspace-texts';
import { ES_IMAGE_BOARD_TEXTS } from './image-board-texts';
import { ES_LIBRARY_TEXTS } from './library-texts';

type Texts = Catalogue<typeof UI_TEXTS>;
type VoiceKeys =
  | 'textToSpeech'
  | 'speechToSpeech'
  | 'soundEffects'
  | 'voiceIsolator'
  | 'voice'
  | 'gallery'
  | 'share'
  | 'imageBoards'
  | 'chatWorkspace'
  | 'library'
  | 'pages';

export const ES_VOICE_AND_MORE_TEXTS: Pick<Texts, VoiceKeys> = {
  textToSpeech: {
    voiceLabel: 'Voz',
    loadingVoices: 'Cargando voces...',
    textLabel: 'Texto',
    textPlaceholder: 'Escribe o pega el texto que quieres convertir en voz',
    textTooLong: 'Texto demasiado largo',
    generate: 'Generar voz (30 créditos)',
    generating: 'Generando...',
    download: 'Descargar',
    clearAll: 'Borrar todo',
    copy: 'Copiar',
    preview: (voice: string) => `Escuchar ${voice}`,
    stopPreview: (voice: string) => `Detener la muestra de ${voice}`,
    charCount: (used: number, max: number) => `${formatNumber(used)} / ${formatNumber(max)} caracteres`,
    nearLimit: 'Te acercas al límite de 2000 caracteres',
    resultTitle: 'Voz',
    resultPlaceholder: 'Tu audio aparecerá aquí',
    recentTitle: 'Voces recientes',
  },
  speechToSpeech: {
    sourceLabel: 'Tu grabación',
    record: 'Grabar',
    stopRecording: 'Detener grabación',
    recording: 'Grabando...',
    levelLabel: 'Nivel del micrófono',
    microphoneDenied: 'Se denegó el acceso al micrófono o no está disponible. Puedes subir una grabación.',
    orUpload: 'o sube un archivo de audio',
    recordedFileName: (timestamp: number) => `grabacion-${timestamp}`,
    generate: 'Convertir voz (5 créditos)',
    resultTitle: 'Voz convertida',
    resultPlaceholder: 'Tu grabación convertida aparecerá aquí',
    recentTitle: 'Conversiones recientes',
  },
  soundEffects: {
    descriptionLabel: 'Describe el sonido',
    descriptionPlaceholder: 'p. ej., lluvia intensa sobre un tejado de chapa con truenos a lo lejos',
    descriptionTooLong: 'Descripción demasiado larga',
    generate: 'Generar efecto de sonido (10 créditos)',
    download: 'Descargar',
    durationLabel: 'Duración',
    durationAuto: 'Automática',
    durationSeconds: (seconds: number) => `${formatNumber(seconds)} segundos`,
    resultTitle: 'Efecto de sonido',
    resultPlaceholder: 'Tu efecto de sonido aparecerá aquí',
    recentTitle: 'Efectos de sonido recientes',
  },
  voiceIsolator: {
    uploadHint: 'MP3, WAV, M4A y otros formatos de audio de hasta 5 MB',
    isolate: 'Aislar voz (20 créditos)',
    processingHint: 'Aislar la voz suele tardar entre 30 y 120 segundos.',
    download: 'Descargar',
    uploadTitle: 'Haz clic para subir un archivo de audio',
    remove: 'Quitar archivo de audio',
    processing: 'Aislando la voz...',
    progressLabel: 'Progreso del aislamiento de voz',
    elapsed: (time: string) => `Tiempo transcurrido: ${time}`,
    compareLabel: 'Escuchar',
    resultTitle: 'Voz aislada',
    resultPlaceholder: 'Sube un archivo de audio y aísla la voz para escuchar el resultado aquí',
    recentTitle: 'Aislamientos recientes',
  },
  voice: {
    play: 'Reproducir',
    pause: 'Pausar',
    seek: 'Buscar posición',
    download: 'Descargar',
    downloading: 'Descargando...',
    progress: (percent: number) => `${formatNumber(percent)} %`,
    stillRunning: 'Aún en proceso: el resultado aparecerá aquí cuando esté listo.',
    recentEmpty: 'Aún no hay nada: tus resultados aparecerán aquí.',
    loadingRecent: 'Cargando tus resultados recientes...',
    loadMore: 'Cargar más',
    deleteClip: 'Eliminar',
    deleteTitle: '¿Eliminar este audio?',
    deleteDescription: 'El archivo se elimina definitivamente y ya no se podrá reproducir ni descargar.',
    unavailable: 'Esta herramienta no está disponible en este servidor.',
  },
  gallery: {
    imageDownloaded: '¡Imagen descargada!',
  },
  share: ES_CHAT_SHARE_TEXTS,
  imageBoards: ES_IMAGE_BOARD_TEXTS,
  chatWorkspace: ES_CHAT_WORKSPACE_TEXTS,
  library: ES_LIBRARY_TEXTS,
  pages: {
    privacyPolicy: 'Política de privacidad',
    termsOfService: 'Términos del servicio',
    refundPolicy: 'Política de reembolsos',
    contactUs: 'Contacto',
    backToHome: 'Volver al inicio',
    lastUpdated: 'Última actualización: enero de 2025',
  },
};
