// Spanish RICH_ANSWER_TEXTS (docs/architecture.md#languages). The file name stays 'artifact-…' (not a UI text).
import type { Catalogue } from '../catalogue';
import type { ArtifactLanguage, RICH_ANSWER_TEXTS } from '../english';

export const ES_RICH_ANSWER_TEXTS: Catalogue<typeof RICH_ANSWER_TEXTS> = {
  artifact: {
    tabsLabel: (language: ArtifactLanguage) => `Artefacto ${language.toUpperCase()}`,
    code: 'Código',
    preview: 'Vista previa',
    open: 'Abrir en el panel',
    copy: (language: ArtifactLanguage) => `Copiar ${language.toUpperCase()}`,
    download: (language: ArtifactLanguage) => `Descargar .${language}`,
    frameTitle: (language: ArtifactLanguage) => `Vista previa ${language.toUpperCase()} (aislada)`,
    panelTitle: (language: ArtifactLanguage) => `Vista previa ${language.toUpperCase()}`,
    fileName: (language: ArtifactLanguage, timestamp: number = Date.now()) =>
      `artifact-${timestamp}.${language}`,
  },
  diagram: {
    alt: 'Diagrama de la respuesta',
    source: 'Código del diagrama',
    drawing: 'Dibujando el diagrama',
    failed: 'No se pudo dibujar este diagrama',
  },
};
