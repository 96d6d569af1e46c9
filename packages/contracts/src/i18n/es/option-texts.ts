// Spanish option labels of the tools' forms, tool category names and output language names
// (docs/architecture.md#languages). Ids stay: forms send them and servers word their instructions from the English.
import type { Catalogue } from '../catalogue';
import type { OptionTexts } from '../catalogue-views';
import type { OUTPUT_LANGUAGE_TEXTS, TOOL_CATEGORY_TEXTS } from '../english';

export const ES_TOOL_CATEGORY_TEXTS: Catalogue<typeof TOOL_CATEGORY_TEXTS> = {
  'AI Prompt': 'Prompts con IA',
  'Ask AI': 'Pregunta a la IA',
  'Create with AI': 'Crea con IA',
  'AI Voice': 'Voz con IA',
  'Other Tools': 'Otras herramientas',
};

export const ES_OUTPUT_LANGUAGE_TEXTS: Catalogue<typeof OUTPUT_LANGUAGE_TEXTS> = {
  English: 'Inglés',
  Spanish: 'Español',
  French: 'Francés',
  German: 'Alemán',
  Italian: 'Italiano',
  Portuguese: 'Portugués',
  Chinese: 'Chino',
  Japanese: 'Japonés',
  Korean: 'Coreano',
  Arabic: 'Árabe',
};

export const ES_OPTION_TEXTS: OptionTexts = {
  analysisTasks: {
    'describe-details': { label: 'Describir en detalle' },
    'describe-person': { label: 'Describir a la persona' },
    'describe-background': { label: 'Describir el fondo' },
    'recognise-objects': { label: 'Reconocer objetos' },
    'analyse-art-style': { label: 'Analizar el estilo artístico' },
    'extract-text': { label: 'Extraer texto' },
    'color-light': { label: 'Color e iluminación' },
  },
  cameraMotions: {
    static: { label: 'Estática' },
    'pan-left': { label: 'Panorámica a la izquierda' },
    'pan-right': { label: 'Panorámica a la derecha' },
    'tilt-up': { label: 'Inclinación hacia arriba' },
    'tilt-down': { label: 'Inclinación hacia abajo' },
    'zoom-in': { label: 'Acercar zoom' },
    'zoom-out': { label: 'Alejar zoom' },
    'dolly-forward': { label: 'Travelling hacia delante' },
    'crane-up': { label: 'Grúa hacia arriba' },
    'arc-left': { label: 'Arco a la izquierda' },
    'handheld-shake': { label: 'Cámara en mano' },
  },
  videoStyles: {
    cinematic: { label: 'Cinematográfico' },
    photorealistic: { label: 'Fotorrealista' },
    anime: { label: 'Anime' },
    '3d-animation': { label: 'Animación 3D' },
    claymation: { label: 'Plastilina' },
    'black-and-white': { label: 'Blanco y negro' },
    'vintage-film': { label: 'Película antigua' },
  },
  imageStyles: {
    none: { label: 'Ninguno' },
    photorealistic: { label: 'Fotorrealista' },
    cinematic: { label: 'Cinematográfico' },
    anime: { label: 'Anime' },
    '3d-model': { label: 'Modelo 3D' },
    'digital-art': { label: 'Arte digital' },
    'fantasy-art': { label: 'Arte fantástico' },
    watercolor: { label: 'Acuarela' },
    'charcoal-sketch': { label: 'Boceto al carboncillo' },
    'line-art': { label: 'Dibujo lineal' },
    'comic-book': { label: 'Cómic' },
    'pixel-art': { label: 'Pixel art' },
    abstract: { label: 'Abstracto' },
  },
  aspectRatios: {
    square: { label: 'Cuadrado' },
    portrait: { label: 'Vertical' },
    landscape: { label: 'Horizontal' },
    widescreen: { label: 'Panorámico' },
  },
};
