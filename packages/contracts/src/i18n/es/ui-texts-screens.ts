// Spanish UI_TEXTS, part 2 (see ui-texts.ts): the prompt, image and photo-effect screens.
import type { Catalogue } from '../catalogue';
import type { UI_TEXTS } from '../english';
import { formatNumber } from '../format';

type Screens = Catalogue<typeof UI_TEXTS>;
type ScreenKeys =
  | 'imageToPrompt'
  | 'magicEnhance'
  | 'describeImage'
  | 'videoPrompt'
  | 'textToImage'
  | 'upscale'
  | 'editImage'
  | 'imageSource'
  | 'hub'
  | 'photoTool';

const credits = (count: number) => `${formatNumber(count)} ${count === 1 ? 'crédito' : 'créditos'}`;

export const ES_SCREEN_TEXTS: Pick<Screens, ScreenKeys> = {
  imageToPrompt: {
    generate: 'Generar prompt (2 créditos)',
    resultTitle: 'Prompt generado',
    resultPlaceholder: 'Tu prompt generado aparecerá aquí.',
  },
  magicEnhance: {
    inputLabel: 'Tu prompt',
    inputPlaceholder: 'Describe tu idea, p. ej. un gato sentado en el alféizar al atardecer',
    enhance: 'Mejorar (1 crédito)',
    enterTextFirst: 'Primero escribe un texto',
    clearAll: 'Borrar todo',
    resultTitle: 'Prompt mejorado',
    resultPlaceholder: 'Tu prompt mejorado aparecerá aquí.',
    tipsTitle: 'Consejos para mejores prompts',
    tips: [
      'Sé concreto con el sujeto',
      'Incluye un estilo artístico',
      'Menciona colores y ambiente',
      'Añade contexto como el lugar y la hora del día',
    ],
  },
  describeImage: {
    clearImage: 'Quitar imagen',
    languageLabel: 'Idioma de la descripción',
    taskLabel: 'Tarea de análisis',
    selectAnImageFirst: 'Primero elige una imagen',
    selectAnalysisTask: 'Elige una tarea de análisis',
    insufficientCredits: 'Créditos insuficientes',
    generate: 'Generar descripción (2 créditos)',
    resultTitle: 'Descripción',
    resultPlaceholder: 'La descripción de tu imagen aparecerá aquí.',
  },
  videoPrompt: {
    languageLabel: 'Idioma del prompt',
    cameraMotionLabel: 'Movimiento de cámara',
    videoStyleLabel: 'Estilo de vídeo',
    actionLabel: 'Descripción de la acción',
    actionPlaceholder: 'Describe lo que pasa en el vídeo, p. ej. la mujer se gira y sonríe a la cámara',
    actionHint: 'Obligatorio: lo que debe pasar en el vídeo.',
    generate: 'Generar prompt de vídeo (2 créditos)',
    resultTitle: 'Prompt de vídeo',
    resultPlaceholder: 'Tu prompt de vídeo aparecerá aquí.',
    tipsTitle: 'Consejos para prompts de vídeo',
    tips: [
      'Describe una sola acción clara',
      'Ajusta el movimiento de cámara a la acción',
      'Mantén el sujeto coherente con la imagen',
    ],
  },
  textToImage: {
    promptLabel: 'Prompt',
    promptPlaceholder: 'Describe la imagen que quieres crear',
    negativePromptLabel: 'Prompt negativo',
    negativePromptPlaceholder: 'Lo que hay que evitar, p. ej. borroso, texto, marca de agua',
    modelLabel: 'Modelo',
    styleLabel: 'Estilo',
    aspectRatioLabel: 'Relación de aspecto',
    formatLabel: 'Formato',
    seedLabel: 'Semilla',
    seedPlaceholder: 'Aleatoria',
    generate: 'Generar imagen (20 créditos)',
    regenerate: 'Regenerar',
    download: 'Descargar',
    zoomIn: 'Acercar',
    zoomOut: 'Alejar',
    resetZoom: 'Restablecer zoom',
    galleryTitle: 'Tu galería',
    gallerySearch: 'Busca en tus imágenes',
    galleryEmpty: 'Aún no hay imágenes. ¡Genera la primera!',
    settingsTitle: 'Ajustes',
    previewTitle: 'Vista previa',
    previewPlaceholder: 'Tu imagen generada aparecerá aquí.',
    previewAlt: 'Imagen generada',
    generating: 'Generando imagen...',
    inQueue: 'Esperando en la cola...',
    queuePosition: (ahead: number) =>
      ahead === 0
        ? 'La siguiente en la cola...'
        : `Esperando en la cola (${formatNumber(ahead)} por delante)...`,
    progressLabel: 'Progreso de la generación',
    loadingImage: 'Cargando imagen...',
    zoomLevel: 'Zoom',
    allModels: 'Todos los modelos',
    modelFilterLabel: 'Filtrar por modelo',
    favouritesOnly: 'Solo favoritas',
    favourite: 'Favorita',
    unfavourite: 'Quitar de favoritas',
    useSettings: 'Usar estos ajustes',
    previous: 'Imagen anterior',
    next: 'Imagen siguiente',
    openImage: (prompt: string) => `Abrir imagen: ${prompt}`,
    deleteTitle: '¿Eliminar esta imagen?',
    deleteConfirm: '¿Seguro que quieres eliminar esta imagen? Esta acción no se puede deshacer.',
    galleryNoMatches: 'Ninguna imagen coincide con tu búsqueda.',
    loadingMore: 'Cargando más imágenes...',
    end: 'Has llegado al final.',
    seedHint: 'Déjala vacía para una semilla aleatoria',
    noStyle: 'Sin estilo',
    numImagesLabel: 'Imágenes',
    numImagesOption: (count: number) => (count === 1 ? '1 imagen' : `${formatNumber(count)} imágenes`),
    generateCount: (count: number, cost: number) =>
      count === 1
        ? `Generar imagen (${credits(cost)})`
        : `Generar ${formatNumber(count)} imágenes (${credits(cost)})`,
    resultsTitle: 'Imágenes de esta generación',
    showResult: (index: number, total: number) => `Mostrar imagen ${index} de ${total}`,
    fewerImages: (made: number, asked: number, refunded: number) =>
      `Se hicieron ${formatNumber(made)} de ${formatNumber(asked)} imágenes; se reembolsaron ${credits(refunded)} por las que faltan.`,
  },
  upscale: {
    sourceLabel: 'Imagen',
    scaleLabel: 'Escala',
    scaleOption: (scale: number) => `${scale}×`,
    run: (cost: number) => `Ampliar (${credits(cost)})`,
    standardNotice:
      'Este servidor no tiene clave de un proveedor de imágenes, así que las imágenes se amplían con un escalado estándar (redimensionado Lanczos con un enfoque suave): más grandes y nítidas, sin detalle nuevo.',
    modelNotice: 'Las imágenes se amplían con un modelo de escalado por IA.',
    standardLabel: 'Escalado estándar',
    modelLabel: 'Escalado por IA',
    resultSize: (width: number, height: number) => `${formatNumber(width)} × ${formatNumber(height)} px`,
    outputSize: (width: number, height: number) =>
      `Resultado: ${formatNumber(width)} × ${formatNumber(height)} px`,
    processing: 'Ampliando',
    readyHint: 'Sube una imagen o elige una de las tuyas, escoge 2× o 4× y amplíala.',
    tips: [
      'El resultado se guarda en tu galería como JPEG',
      'Los resultados de más de 40 megapíxeles se rechazan antes de cobrar nada',
      'Usa 2× para fotos que ya son grandes',
    ],
  },
  editImage: {
    sourceLabel: 'Imagen',
    promptLabel: 'Qué pintar en la zona enmascarada',
    promptPlaceholder: 'p. ej., un paraguas rojo, un cielo azul despejado',
    maskTitle: 'Máscara',
    maskHint:
      'Pinta sobre la parte de la imagen que quieres cambiar. Con el teclado: enfoca la imagen, mueve el rectángulo con las flechas, cambia su tamaño con Mayús + flechas y pulsa Intro para añadirlo a la máscara.',
    canvasLabel: 'Imagen sobre la que pintar la máscara',
    brushSize: 'Tamaño del pincel',
    undo: 'Deshacer',
    clear: 'Borrar máscara',
    addRectangle: 'Añadir rectángulo a la máscara',
    rectangleStatus: (x: number, y: number, width: number, height: number) =>
      `Rectángulo en ${x}, ${y}, ${width} × ${height} px`,
    maskStrokes: (count: number) =>
      count === 1 ? '1 trazo en la máscara' : `${formatNumber(count)} trazos en la máscara`,
    run: (cost: number) => `Editar zona (${credits(cost)})`,
    processing: 'Editando la zona',
    readyHint: 'Sube una imagen o elige una de las tuyas, pinta la zona que quieres cambiar y descríbela.',
    paintFirst: 'Primero pinta sobre la zona que quieres cambiar',
    tips: [
      'Pinta un poco más allá de los bordes de lo que debe cambiar',
      'Describe el contenido nuevo, no la instrucción («un paraguas rojo», no «añade un paraguas»)',
      'El resultado mantiene el tamaño de tu imagen',
    ],
  },
  imageSource: {
    upload: 'Subir',
    yours: 'Tus imágenes',
    sourceChoice: 'De dónde viene la imagen',
    chooseLabel: 'Elige una de tus imágenes',
    chosen: 'Elegida',
    none: 'Aún no tienes imágenes. Sube una.',
    loadMore: 'Cargar más',
    pick: (prompt: string) => `Usar esta imagen: ${prompt}`,
  },
  hub: {
    available: 'Disponible',
    comingSoon: 'Próximamente',
    creditsPerUse: (cost: number) => `${credits(cost)} por uso`,
    comingSoonAlert: '¡Esta herramienta llega pronto!',
    galleryTitle: 'Últimas creaciones',
    galleryEmpty: 'Aún no se han generado imágenes. ¡Prueba una de las herramientas de arriba!',
    loadingMore: 'Cargando más imágenes...',
    end: 'Has llegado al final.',
    moreToolsComingSoon: '¡Pronto, más herramientas!',
    moreToolsText: 'Estamos creando más efectos fotográficos con IA. Vuelve pronto.',
    expand: 'Ampliar',
    download: 'Descargar',
    toolsTitle: 'Efectos fotográficos',
    previous: 'Imagen anterior',
    next: 'Imagen siguiente',
  },
  photoTool: {
    result: 'Resultado',
    before: 'Antes',
    after: 'Después',
    sliderCaption: 'Arrastra el control para comparar el antes y el después',
    sampleCaption: 'Ejemplo: arrastra el control para ver cómo funciona la comparación',
    processingHint: 'Esto puede tardar unos momentos...',
    readyToTransform: 'Listo para transformar',
    uploadHint: 'PNG, JPG, JPEG o WebP de hasta 10 MB',
    download: 'Descargar',
    settings: 'Ajustes',
    expressionLabel: 'Expresión',
    expressionPlaceholder: 'p. ej., triste, feliz, enfadado',
    expressionReadyHint: 'Sube una imagen y escribe una expresión para ver la transformación',
    ageChangeLabel: 'Cambio de edad',
    backgroundLabel: 'Fondo nuevo',
    backgroundPlaceholder: 'p. ej., una playa soleada en la hora dorada',
    expressionTipsTitle: 'Consejos',
    expressionTips: [
      'Usa caras nítidas y bien iluminadas',
      'Las fotos de frente funcionan mejor',
      'Prueba feliz, triste, enfadado o sorprendido',
    ],
    processing: (toolName: string) => `Procesando ${toolName}`,
    run: (toolName: string) => `Aplicar ${toolName}`,
    runWithCredits: (toolName: string, cost: number) => `Aplicar ${toolName} (${credits(cost)})`,
    readyHint: 'Sube una imagen para ver la transformación',
    ageChangeReadyHint: 'Sube una imagen y escribe un cambio de edad para ver la transformación',
    backgroundReadyHint: 'Sube una imagen y describe un fondo para ver la transformación',
    ageChangeDefault: '20 años mayor',
    ageChangePlaceholder: 'p. ej., 20 años mayor, 10 años más joven',
    uploadLabel: 'Subir imagen',
    compareLabel: 'Comparación antes y después',
    viewLabel: 'Vista de la comparación',
    sliderView: 'Control deslizante',
    sideBySideView: 'En paralelo',
    beforeAlt: 'Antes: tu foto',
    afterAlt: (toolName: string) => `Después: resultado de ${toolName}`,
    sampleBeforeAlt: 'Foto de ejemplo antes del efecto',
    sampleAfterAlt: 'Foto de ejemplo después del efecto',
    tipsTitle: 'Consejos',
    tips: {
      'age-progression': [
        'Usa un retrato nítido y de frente',
        'Describe el cambio, p. ej. 20 años mayor o 10 años más joven',
        'Una luz uniforme mantiene la cara reconocible',
      ],
      'baby-version': [
        'Usa un retrato nítido y de frente',
        'Funciona mejor con una sola cara por foto',
        'Evita gafas de sol y sombreros que tapen la cara',
      ],
      'background-change': [
        'Las fotos con un sujeto bien visible funcionan mejor',
        'Describe la escena, su luz y su ambiente',
        'Prueba una playa al atardecer, una ciudad de noche o un bosque nevado',
      ],
      cartoonify: [
        'Las fotos bien iluminadas dan los contornos más limpios',
        'Funcionan retratos, mascotas y paisajes',
        'Los fondos sencillos hacen más claro el dibujo',
      ],
      'broccoli-haircut': [
        'Usa un retrato de frente con el pelo visible',
        'Funciona mejor con una sola cara por foto',
        'Una luz uniforme da los rizos más naturales',
      ],
      'color-correction': [
        'Funciona mejor con fotos apagadas, con dominantes de color o mal expuestas',
        'Las fotos de interior con un tono amarillo o azul son las que más mejoran',
        'Compara el antes y el después con el control deslizante',
      ],
    },
  },
};
