// Spanish PAGE_SEO (docs/architecture.md#languages).
import type { Catalogue } from '../catalogue';
import { PRODUCT_NAME, type PAGE_SEO } from '../english';

export const ES_PAGE_SEO: Catalogue<typeof PAGE_SEO> = {
  home: {
    title: `${PRODUCT_NAME}: prompts, chat, imágenes y voz con IA en un solo lugar`,
    description:
      'Genera prompts, chatea con los principales modelos de IA, crea y edita imágenes, y produce voz y efectos de sonido. Empieza con 50 créditos gratis, sin tarjeta de crédito.',
  },
  auth: {
    title: `Inicia sesión o crea tu cuenta | ${PRODUCT_NAME}`,
    description: `Inicia sesión en ${PRODUCT_NAME} o crea una cuenta gratis con 50 créditos para empezar a crear con IA.`,
  },
  dashboard: {
    title: `Panel | ${PRODUCT_NAME}`,
    description: 'Todas tus herramientas de IA, tu saldo de créditos y tu plan en un solo lugar.',
  },
  privacyPolicy: {
    title: `Política de privacidad | ${PRODUCT_NAME}`,
    description: `Cómo ${PRODUCT_NAME} recoge, usa y protege tus datos personales.`,
  },
  termsOfService: {
    title: `Términos del servicio | ${PRODUCT_NAME}`,
    description: `Los términos que rigen tu uso de ${PRODUCT_NAME}, sus créditos y sus suscripciones.`,
  },
  refundPolicy: {
    title: `Política de reembolsos | ${PRODUCT_NAME}`,
    description: `Cuándo y cómo ${PRODUCT_NAME} reembolsa suscripciones y compras de créditos.`,
  },
  contactUs: {
    title: `Contacto | ${PRODUCT_NAME}`,
    description: `Preguntas, comentarios o ayuda con la facturación: ponte en contacto con el equipo de ${PRODUCT_NAME}.`,
  },
};
