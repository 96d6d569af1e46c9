// Spanish DATA_EXPORT_TEXTS, DATA_EXPORT_ERROR_TEXTS and ACCOUNT_CONTROL_TEXTS (docs/architecture.md#languages). The
// server's error texts (DATA_EXPORT_ERROR_TEXTS, ACCOUNT_CONTROL_TEXTS.errors) are translated too, for the day the
// server speaks the member's language; today the server stays English (docs/product-rules.md#languages).
import type { Catalogue } from '../catalogue';
import type { ACCOUNT_CONTROL_TEXTS, DATA_EXPORT_ERROR_TEXTS, DATA_EXPORT_TEXTS } from '../english';

export const ES_DATA_EXPORT_TEXTS: Catalogue<typeof DATA_EXPORT_TEXTS> = {
  title: 'Tus datos',
  intro:
    'Descarga todo lo que guardamos de ti: tu cuenta, el historial de créditos, chats, prompts, imágenes, audio y resúmenes, en un solo archivo zip.',
  button: 'Exportar mis datos',
  retry: 'Intentar de nuevo',
  download: 'Descargar tus datos',
  linkHint: 'El enlace funciona durante 24 horas.',
  requestFailed: 'No se pudo iniciar la exportación. Inténtalo de nuevo.',
  statusFailed: 'No se pudo cargar el estado de la exportación. Recarga la página.',
  status: {
    pending: 'Preparando tu exportación… Puede tardar unos minutos.',
    ready: 'Tu exportación está lista.',
    failed: 'No se pudo preparar tu exportación. Inténtalo de nuevo.',
  },
};

export const ES_DATA_EXPORT_ERROR_TEXTS: Catalogue<typeof DATA_EXPORT_ERROR_TEXTS> = {
  notFound: 'Esta exportación no existe.',
  alreadyPending: 'Ya estamos preparando la exportación de tus datos. Espera a que termine.',
  tooSoon: (minutes: number) =>
    `Exportaste tus datos hace menos de una hora. Inténtalo de nuevo dentro de ${minutes} minuto${minutes === 1 ? '' : 's'}.`,
  unavailable: 'La exportación de datos no está disponible en este servidor.',
};

export const ES_ACCOUNT_CONTROL_TEXTS: Catalogue<typeof ACCOUNT_CONTROL_TEXTS> = {
  password: {
    title: 'Contraseña',
    intro: 'Al cambiar tu contraseña se cierra tu sesión en todos los demás dispositivos.',
    current: 'Contraseña actual',
    next: 'Nueva contraseña',
    submit: 'Cambiar contraseña',
    changed: 'Contraseña cambiada. Se cerró la sesión en tus otros dispositivos.',
    googleOnly: 'Inicias sesión con Google, así que esta cuenta no tiene contraseña que cambiar.',
  },
  deletion: {
    title: 'Eliminar la cuenta',
    intro:
      'Al eliminar tu cuenta se borran para siempre tus chats, prompts, imágenes, audio, resúmenes, biblioteca y enlaces compartidos, se cancela una suscripción de pago y se cierra tu sesión en todas partes. Se conservan, sin tu correo electrónico, los registros de créditos que exige la ley.',
    open: 'Eliminar la cuenta…',
    dialogTitle: '¿Eliminar tu cuenta?',
    dialogDescription: 'No se puede deshacer. Escribe tu contraseña y DELETE para confirmar.',
    password: 'Contraseña',
    confirmWord: 'DELETE',
    confirmLabel: 'Escribe DELETE para confirmar',
    submit: 'Eliminar mi cuenta',
    cancel: 'Cancelar',
    deletedNotice: 'Tu cuenta se ha eliminado. Sentimos que te vayas.',
    googleHint:
      'Inicias sesión con Google: vuelve a iniciar sesión con Google y elimina la cuenta en los 5 minutos siguientes.',
    googleReauth: 'Volver a iniciar sesión con Google',
    googleConfirmed:
      'Google ha confirmado que eres tú. Escribe DELETE y elimina tu cuenta en los 5 minutos siguientes.',
  },
  errors: {
    noPassword: 'Esta cuenta inicia sesión con Google y no tiene contraseña.',
    reauthRequired: 'Vuelve a iniciar sesión con Google y elimina tu cuenta en los 5 minutos siguientes.',
    passwordRequired: 'La contraseña es obligatoria',
    reauthFailed:
      'Google no ha confirmado que eres tú. Inicia sesión con la cuenta de Google que usa esta cuenta.',
    usePassword: 'Esta cuenta tiene contraseña: escríbela para eliminar la cuenta.',
  },
};
