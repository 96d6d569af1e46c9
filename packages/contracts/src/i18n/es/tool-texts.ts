// Spanish tool texts (descriptions, page titles and meta descriptions) and plan texts
// (docs/architecture.md#languages). Names stay: they are product names.
import type { PlanTexts, ToolTexts } from '../catalogue-views';
import { PRODUCT_NAME } from '../english';

const SEO_SUFFIX = ` | ${PRODUCT_NAME}`;

export const ES_TOOL_TEXTS: ToolTexts = {
  'image-to-prompt': {
    description:
      'Sube cualquier imagen y obtén un prompt detallado para reutilizar en Midjourney, DALL·E o Stable Diffusion.',
    seoTitle: `Generador de prompts a partir de imágenes${SEO_SUFFIX}`,
    seoDescription:
      'Convierte cualquier imagen en un prompt detallado para IA. Sube un PNG, JPG o WebP y copia un prompt listo para Midjourney, DALL·E o Stable Diffusion.',
  },
  'magic-enhance': {
    description:
      'Convierte una idea vaga en un prompt rico y vívido, con detalles de estilo, luz y ambiente.',
    seoTitle: `Mejorador mágico de prompts${SEO_SUFFIX}`,
    seoDescription:
      'Pega una idea breve y obtén un prompt pulido con sujeto, estilo, colores, ambiente y contexto. Un crédito por mejora.',
  },
  'ai-describe-image': {
    description:
      'Obtén una descripción precisa de una foto: personas, objetos, fondo, estilo artístico, texto, color y luz.',
    seoTitle: `Generador de descripciones de imágenes con IA${SEO_SUFFIX}`,
    seoDescription:
      'Describe cualquier imagen con IA en diez idiomas: detalles, personas, fondo, objetos, estilo artístico, extracción de texto y análisis de color y luz.',
  },
  'image-to-video-prompt': {
    description:
      'Convierte una imagen fija en un prompt de vídeo con movimiento de cámara, estilo visual y la acción que describas.',
    seoTitle: `Generador de prompts de vídeo a partir de imágenes${SEO_SUFFIX}`,
    seoDescription:
      'Escribe prompts de generación de vídeo a partir de una sola imagen. Elige movimiento de cámara y estilo, describe la acción y obtén un prompt listo para modelos de vídeo con IA.',
  },
  'ai-chat-playground': {
    description:
      'Pregunta una vez y compara en paralelo las respuestas de GPT-4o Mini, Gemini, Claude y DeepSeek.',
    seoTitle: `AI Chat Playground: compara modelos de IA${SEO_SUFFIX}`,
    seoDescription:
      'Envía un mensaje a cuatro modelos de IA punteros a la vez y compara sus respuestas en paralelo. Guarda cada conversación en tu historial de chats.',
  },
  'chat-agent': {
    description:
      'Chatea con el modelo que elijas, adjunta imágenes y PDF y activa la búsqueda web en directo.',
    seoTitle: `Agente de chat con IA y búsqueda web${SEO_SUFFIX}`,
    seoDescription:
      'Elige entre GPT-4o Mini, Gemini 2.5, Claude 4 Sonnet, Llama 3, Mistral y DeepSeek. Adjunta imágenes y PDF y añade la búsqueda web cuando necesites datos actuales.',
  },
  'chat-reasoning': {
    description:
      'Resuelve preguntas difíciles paso a paso con un modelo de razonamiento que investiga mientras piensa.',
    seoTitle: `Chat de razonamiento con IA${SEO_SUFFIX}`,
    seoDescription:
      'Haz preguntas complejas y obtén respuestas razonadas y con fuentes de un modelo de razonamiento de nivel investigador. Adjunta una imagen o un PDF como contexto.',
  },
  'deep-search': {
    description: 'Investiga un tema en muchas fuentes y obtén una respuesta clara y con citas.',
    seoTitle: `Búsqueda profunda con IA${SEO_SUFFIX}`,
    seoDescription:
      'Deep Search rastrea por ti muchas fuentes web y las resume en una respuesta clara con citas.',
  },
  'ai-web-chat': {
    description:
      'Pega un enlace y chatea con la página: haz preguntas y obtén resúmenes y respuestas con fuentes numeradas.',
    seoTitle: `Chatea con cualquier sitio web${SEO_SUFFIX}`,
    seoDescription:
      'Introduce la URL de una página web y hazle preguntas. Obtén resúmenes y respuestas basados en la página, con enlaces numerados a las fuentes.',
  },
  'text-to-image': {
    description:
      'Crea imágenes a partir de texto con Imagen 4, FLUX, Stable Diffusion 3.5, Seedream e Ideogram.',
    seoTitle: `Generador de imágenes a partir de texto con IA${SEO_SUFFIX}`,
    seoDescription:
      'Genera imágenes a partir de un prompt con ocho modelos punteros, 13 estilos y cuatro formatos. Cada imagen se guarda en tu galería personal.',
  },
  'image-to-image': {
    description:
      'Transforma tus fotos con efectos de IA: cambia el fondo, la edad, la expresión, el estilo y más.',
    seoTitle: `Efectos fotográficos con IA: Image to Image${SEO_SUFFIX}`,
    seoDescription:
      'Todos los efectos fotográficos con IA en un solo lugar: progresión de edad, versión bebé, cambio de fondo, dibujo animado, corte brócoli, corrección de color y cambio de expresión.',
  },
  'background-change': {
    description:
      'Describe una escena nueva y coloca en ella a tu sujeto, con la luz adaptada al nuevo fondo.',
    seoTitle: `Cambiador de fondos con IA${SEO_SUFFIX}`,
    seoDescription:
      'Sustituye el fondo de cualquier foto describiendo la escena que quieres. Compara el antes y el después con un deslizador y descarga el resultado.',
  },
  'baby-version': {
    description: 'Descubre cómo sería cualquiera de bebé, a partir de un solo retrato.',
    seoTitle: `Generador de cara de bebé con IA${SEO_SUFFIX}`,
    seoDescription:
      'Sube un retrato y ve su versión de bebé en segundos. Compara el antes y el después con un deslizador y descarga la imagen.',
  },
  cartoonify: {
    description: 'Convierte una foto en una ilustración de dibujos animados limpia que conserva el parecido.',
    seoTitle: `Cartoonify: de foto a dibujo animado${SEO_SUFFIX}`,
    seoDescription:
      'Convierte fotos en ilustraciones de dibujos animados con IA. Sube una imagen, compara el antes y el después y descarga tu dibujo.',
  },
  'age-progression': {
    description: 'Envejece o rejuvenece una cara los años que elijas, manteniendo a la persona reconocible.',
    seoTitle: `Progresión de edad con IA${SEO_SUFFIX}`,
    seoDescription:
      'Mira cómo se ve una cara con años de más o de menos. Sube un retrato, describe el cambio de edad y compara el antes y el después.',
  },
  'broccoli-haircut': {
    description: 'Prueba el viral corte de pelo brócoli en cualquier retrato antes de hacértelo de verdad.',
    seoTitle: `Filtro de corte de pelo brócoli${SEO_SUFFIX}`,
    seoDescription:
      'Prueba con IA el corte de pelo brócoli de moda en tu propia foto. Compara el antes y el después y descarga el resultado.',
  },
  'color-correction': {
    description:
      'Arregla fotos apagadas, con dominantes de color o mal expuestas con color, contraste y balance de blancos equilibrados.',
    seoTitle: `Corrección de color de fotos con IA${SEO_SUFFIX}`,
    seoDescription:
      'Corrige automáticamente dominantes de color, exposición y contraste. Sube una foto y compara la versión corregida en paralelo.',
  },
  'expression-change': {
    description:
      'Cambia la expresión facial de un retrato: feliz, triste, enfadado, sorprendido o lo que escribas.',
    seoTitle: `Cambiador de expresiones faciales con IA${SEO_SUFFIX}`,
    seoDescription:
      'Haz que una cara sonría, frunza el ceño o se sorprenda con IA. Sube un retrato nítido, escribe una expresión y compara el antes y el después.',
  },
  upscale: {
    description: 'Haz una imagen dos o cuatro veces más grande, desde una subida o una de tus imágenes.',
    seoTitle: `Ampliador de imágenes${SEO_SUFFIX}`,
    seoDescription:
      'Amplía cualquier imagen PNG, JPG o WebP 2× o 4×, o una de tu galería. El resultado se guarda en tu galería.',
  },
  'edit-image': {
    description: 'Pinta sobre una parte de una imagen y describe lo que debería haber en su lugar.',
    seoTitle: `Editor de imágenes con IA: edita una zona${SEO_SUFFIX}`,
    seoDescription:
      'Pinta una máscara sobre la parte de la imagen que quieres cambiar, describe el nuevo contenido y deja que la IA lo rellene. Funciona con subidas y con imágenes de tu galería.',
  },
  'text-to-speech': {
    description: 'Convierte texto en voz natural con voces realistas y descárgala en MP3.',
    seoTitle: `Texto a voz con IA${SEO_SUFFIX}`,
    seoDescription:
      'Convierte hasta 2000 caracteres de texto en una voz natural. Elige una voz, escúchala en el navegador y descárgala en MP3.',
  },
  'speech-to-speech': {
    description: 'Vuelve a grabar una grabación con otra voz, conservando su ritmo y su emoción.',
    seoTitle: `Cambiador de voz con IA: de voz a voz${SEO_SUFFIX}`,
    seoDescription:
      'Transforma una grabación de voz en otra voz distinta conservando la entonación, el ritmo y la emoción del original.',
  },
  'sound-effects': {
    description:
      'Describe un sonido y obtén en segundos un efecto con calidad de estudio, listo para descargar.',
    seoTitle: `Generador de efectos de sonido con IA${SEO_SUFFIX}`,
    seoDescription:
      'Crea efectos de sonido a partir de una descripción: pasos, lluvia, explosiones, sonidos de interfaz y más. MP3 a 44,1 kHz, normalmente de 2 a 10 segundos.',
  },
  'voice-isolator': {
    description:
      'Elimina el ruido de fondo y la música de una grabación y quédate con una pista de voz limpia.',
    seoTitle: `Aislador de voz con IA${SEO_SUFFIX}`,
    seoDescription:
      'Sube un archivo de audio de hasta 5 MB y aísla la voz del ruido de fondo, la música y el eco de la sala. Descarga la pista limpia en MP3.',
  },
  transcribe: {
    description:
      'Habla en lugar de escribir: una grabación convertida en texto en cualquier cuadro de mensaje del chat.',
    seoTitle: `Dictado con IA${SEO_SUFFIX}`,
    seoDescription:
      'Dicta mensajes de chat: graba en el navegador y obtén el texto en el cuadro de mensaje, un crédito por minuto empezado.',
  },
  'youtube-summarizer': {
    description: 'Pega un enlace de YouTube y obtén los puntos clave del vídeo en un resumen breve.',
    seoTitle: `Resumidor de vídeos de YouTube${SEO_SUFFIX}`,
    seoDescription:
      'Resume cualquier vídeo de YouTube a partir de su enlace. Consulta el título y la duración y lee los puntos clave en segundos en lugar de ver el vídeo entero.',
  },
  'youtube-thumbnail-downloader': {
    description:
      'Descarga gratis la miniatura de cualquier vídeo de YouTube en todas las resoluciones disponibles.',
    seoTitle: `Descargador de miniaturas de YouTube${SEO_SUFFIX}`,
    seoDescription:
      'Obtén miniaturas de YouTube en resolución HD, alta, media y estándar a partir del enlace de un vídeo o un Short. Previsualízalas a tamaño completo y descárgalas gratis.',
  },
};

const FREE_FEATURES = [
  'Acceso a todas las herramientas',
  'Soporte básico',
  'Recarga mensual de créditos',
  'Acceso a la comunidad',
];
const PAID_FEATURES = [
  'Acceso a todas las herramientas',
  'Soporte prioritario',
  'Funciones avanzadas',
  'Recarga mensual de créditos',
  'Acceso a la comunidad',
];

export const ES_PLAN_TEXTS: PlanTexts = {
  free: { creditsLabel: '50 créditos al mes', features: FREE_FEATURES },
  pro: { creditsLabel: '500 créditos al mes', features: PAID_FEATURES },
  premium: { creditsLabel: '1500 créditos al mes', features: PAID_FEATURES },
  ultimate: { creditsLabel: '5000 créditos al mes', features: PAID_FEATURES },
};
