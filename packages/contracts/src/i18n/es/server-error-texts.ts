// Spanish SERVER_ERROR_TEXTS (docs/architecture.md#languages).
import type { Catalogue } from '../catalogue';
import type { SERVER_ERROR_TEXTS } from '../server-error-texts';

export const ES_SERVER_ERROR_TEXTS: Catalogue<typeof SERVER_ERROR_TEXTS> = {
  INSUFFICIENT_CREDITS:
    'Créditos insuficientes. Consulta los planes y paquetes de créditos para conseguir más.',
  SPEND_CAP_REACHED: 'Esto superaría tu límite de gasto mensual. Cambia el límite en tu cuenta.',
  RATE_LIMITED: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  UNAUTHENTICATED: 'Tu sesión ha terminado. Vuelve a iniciar sesión.',
  NEEDS_SIGNUP: 'Regístrate gratis para seguir usando esta herramienta.',
  PAYLOAD_TOO_LARGE: 'El archivo es demasiado grande.',
  PROVIDER_FAILED:
    'El proveedor de IA no pudo completar esta solicitud. No se cobraron créditos. Inténtalo de nuevo.',
  PROVIDER_UNAVAILABLE: 'El proveedor de IA no está disponible ahora mismo. Inténtalo más tarde.',
  SERVICE_UNAVAILABLE: 'El servicio no está disponible ahora mismo. Inténtalo de nuevo en un momento.',
  INTERNAL: 'Algo salió mal. Inténtalo de nuevo.',
};
