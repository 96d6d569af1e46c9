// Spanish catalogues of the account page's money texts: CREDIT_CONTROLS_TEXTS, API_KEY_TEXTS and CREDIT_PACK_TEXTS
// (docs/architecture.md#languages). The refusals the servers send stay English (servers never switch).
import type { Catalogue } from '../catalogue';
import type { API_KEY_TEXTS, CREDIT_CONTROLS_TEXTS, CREDIT_PACK_TEXTS } from '../english';
import { API_KEY_RULES, PRODUCT_NAME } from '../english';
import { formatNumber } from '../format';

const credits = (count: number) => `${formatNumber(count)} ${count === 1 ? 'crédito' : 'créditos'}`;

export const ES_CREDIT_CONTROLS_TEXTS: Catalogue<typeof CREDIT_CONTROLS_TEXTS> = {
  spendCapReached: (cap: number) =>
    `Esto superaría tu límite de gasto mensual de ${credits(cap)}. Cambia el límite en tu cuenta.`,
  notice: {
    80: 'Has usado el 80 % de los créditos de este mes.',
    100: 'Has usado todos los créditos de este mes.',
    dismiss: 'Descartar',
  },
  noticeEmail: {
    subject: {
      80: 'Has usado el 80 % de los créditos de este mes',
      100: 'Has usado todos los créditos de este mes',
    },
    body: (notice: { threshold: 80 | 100; spent: number; allowance: number; accountUrl: string }) =>
      [
        notice.threshold === 100
          ? 'Has usado todos los créditos de este mes de tu plan de AI Creative Toolbox.'
          : 'Has usado el 80 % de los créditos de este mes de tu plan de AI Creative Toolbox.',
        `Gastado este mes: ${formatNumber(notice.spent)} de ${credits(notice.allowance)}.`,
        '',
        'La página de tu cuenta muestra tu saldo y tu uso:',
        notice.accountUrl,
      ].join('\n'),
  },
  spendCap: {
    title: 'Límite de gasto mensual',
    label: 'Límite (créditos al mes)',
    help: 'Se rechazan los usos de herramientas que harían superar el límite este mes. Déjalo vacío para no tener límite.',
    save: 'Guardar límite',
    clear: 'Quitar límite',
    none: 'Sin límite',
    spent: (spent: number) => `Gastado este mes: ${credits(spent)}`,
    saved: 'Límite de gasto guardado',
    cleared: 'Límite de gasto quitado',
  },
  redeem: {
    title: 'Canjear un código',
    label: 'Código',
    submit: 'Canjear',
    redeemed: (count: number) => `${credits(count)} añadidos a tu saldo`,
    invalid: 'Este código no es válido, ha caducado o ya se ha agotado.',
    alreadyRedeemed: 'Ya has canjeado este código.',
    tooManyWrongCodes: 'Demasiados códigos que no funcionaron. Inténtalo de nuevo dentro de una hora.',
  },
  support: {
    title: 'Consola de soporte',
    findLabel: 'Correo del miembro',
    find: 'Buscar miembro',
    notFound: 'No hay ningún miembro con este correo.',
    plan: 'Plan',
    balance: 'Saldo',
    monthlyAllowance: 'Asignación mensual',
    spentThisPeriod: 'Gastado en este periodo',
    monthlyCap: 'Límite mensual',
    ledger: 'Movimientos',
    failures: 'Fallos recientes',
    noFailures: 'No hay usos fallidos recientes.',
    adjustTitle: 'Conceder o retirar créditos',
    amount: 'Créditos',
    grant: 'Conceder',
    clawBack: 'Retirar',
    reason: 'Motivo (obligatorio)',
    applied: 'Hecho: el saldo del miembro está actualizado.',
    clawBackTooLarge: (balance: number) =>
      `El miembro solo tiene ${credits(balance)}: una retirada no puede superar el saldo.`,
    codesTitle: 'Crear un código de canje',
    codeCredits: 'Créditos por canje',
    codeMaxUses: 'Usos máximos',
    codeExpiresAt: 'Caduca el',
    createCode: 'Crear código',
    codeExists: 'Ya existe un código con este texto.',
    codeHelp: 'Déjalo vacío para que se genere uno.',
    codeRule:
      'Un código necesita al menos 10 letras y cifras, sin 0, 1, I, L, O ni U (se pueden separar con guiones). Déjalo vacío para que se genere uno.',
    codeExpiresInPast: 'La fecha de caducidad debe ser futura.',
    codeCreated: (code: string) => `Código ${code} creado`,
    forbidden: 'Esta página es para el equipo de soporte.',
  },
};

export const ES_API_KEY_TEXTS: Catalogue<typeof API_KEY_TEXTS> = {
  nameRequired: 'Ponle un nombre a la clave.',
  nameTooLong: `El nombre de la clave puede tener como máximo ${API_KEY_RULES.nameMax} caracteres.`,
  limitInvalid: `El límite mensual debe ser un número entero de créditos entre 1 y ${formatNumber(API_KEY_RULES.limitMax)}, o quedar vacío para no tener límite.`,
  tooMany: `Puedes tener como máximo ${API_KEY_RULES.maxPerMember} claves de API. Revoca una para crear otra.`,
  notFound: 'Esta clave de API no existe o fue revocada.',
  notAllowed:
    'Las claves de API solo pueden usar las herramientas y leer tu saldo y tu historial de créditos. Inicia sesión para gestionar claves de API, sesiones, tu cuenta, la facturación, el límite de gasto o el soporte.',
  limitReached: (name: string, limit: number) =>
    `Esto superaría el límite mensual de ${credits(limit)} de la clave de API «${name}». Cambia el límite de la clave en tu cuenta.`,
  viaKey: (name: string) => `con ${name}`,
  page: {
    title: 'Claves de API',
    intro:
      'Usa cualquier herramienta desde tu propio código con una clave personal. Las llamadas se cobran de tus créditos; cada clave puede tener su propio límite mensual.',
    apiLink: 'Cómo llamar a la API',
    empty: 'Aún no tienes claves de API.',
    nameLabel: 'Nombre',
    limitLabel: 'Límite mensual de créditos (vacío: sin límite)',
    create: 'Crear clave',
    created: 'Clave creada. Cópiala ahora: no se volverá a mostrar.',
    copy: 'Copiar clave',
    copied: 'Copiada',
    done: 'Hecho',
    columns: {
      name: 'Nombre',
      key: 'Clave',
      limit: 'Límite mensual',
      spent: 'Gastado este mes',
      lastUsed: 'Último uso',
    },
    noLimit: 'Sin límite',
    neverUsed: 'Nunca',
    rename: 'Renombrar',
    renameLabel: (name: string) => `Renombrar o fijar el límite de ${name}`,
    setLimit: 'Fijar límite',
    save: 'Guardar',
    cancel: 'Cancelar',
    saved: 'Clave guardada',
    revoke: 'Revocar',
    revokeLabel: (name: string) => `Revocar ${name}`,
    revokeConfirm: (name: string) =>
      `¿Revocar la clave «${name}»? Los programas que la usan dejarán de funcionar en segundos. Esto no se puede deshacer.`,
    revoked: 'Clave revocada',
    loadFailed: 'No se pudieron cargar tus claves de API',
  },
  api: {
    title: 'API',
    pageTitle: `API | ${PRODUCT_NAME}`,
    intro:
      'Todas las herramientas se pueden llamar por HTTP con una clave de API personal. Envíala como token bearer; cada llamada se cobra de tus créditos como una desde la app, dentro del límite mensual de la clave.',
    manageKeys: 'Gestionar claves de API',
    reference: 'Referencia completa de la API',
    credits: (count: number) => `${credits(count)} por llamada`,
  },
};

export const ES_CREDIT_PACK_TEXTS: Catalogue<typeof CREDIT_PACK_TEXTS> = {
  errors: {
    loadPacks: 'No se pudieron cargar los paquetes de créditos',
    packNotForSale: 'Este paquete de créditos no está a la venta',
    startPurchase: 'No se pudo iniciar la compra',
    loadLedger: 'No se pudo cargar tu historial de créditos',
    loadReceipt: 'No se pudo cargar el recibo',
    purchaseNotFound: 'Compra no encontrada',
    refundUsed: 'Solo se puede reembolsar un paquete de créditos sin usar',
    refundTooLate: 'Un paquete de créditos solo se puede reembolsar en los 3 días siguientes a su compra',
    refundNotActive: 'Este paquete de créditos ya se reembolsó o ha caducado',
    refundFailed: 'No se pudo reembolsar el paquete de créditos. Inténtalo de nuevo.',
    refundInProgress: 'Ya hay un reembolso en curso para este paquete.',
    refundRefused:
      'Paddle no aceptó el reembolso de este paquete de créditos. Sus créditos vuelven a tu saldo.',
    exportFailed: 'No se pudo exportar tu historial de créditos',
  },
  packs: {
    title: 'Paquetes de créditos',
    description:
      'Créditos puntuales además de tu plan. Se conservan cuando se renuevan los créditos del plan y caducan 12 meses después de la compra; siempre se gastan primero los créditos del plan.',
    buy: 'Comprar',
  },
  split: {
    plan: 'Créditos del plan',
    purchased: 'Créditos comprados',
  },
  ledger: {
    title: 'Historial de créditos',
    columns: { date: 'Fecha', movement: 'Movimiento', credits: 'Créditos', balance: 'Saldo' },
    chartTitle: 'Créditos gastados por día',
    period: 'Periodo',
    periods: { '7d': 'Últimos 7 días', '30d': 'Últimos 30 días', '90d': 'Últimos 90 días', all: 'Todo' },
    exportCsv: 'Exportar CSV',
    empty: 'No hay movimientos de créditos en este periodo.',
    receipt: 'Recibo',
    kinds: {
      tool_use: 'Uso de herramienta',
      refund: 'Reembolso',
      plan_grant: 'Créditos del plan',
      reset: 'Renovación mensual',
      top_up: 'Paquete de créditos',
      top_up_refund: 'Paquete reembolsado',
      top_up_refund_undone: 'Reembolso del paquete rechazado',
      top_up_expiry: 'Paquete caducado',
      support: 'Soporte',
      redeem: 'Código canjeado',
    },
  },
  receipt: {
    title: 'Recibo',
    transaction: 'Transacción de Paddle',
    date: 'Fecha',
    item: 'Artículo',
    amount: 'Importe pagado',
    expires: 'Los créditos caducan',
    status: 'Estado',
    statuses: {
      active: 'Pagado',
      refunding: 'Reembolso en curso',
      refunded: 'Reembolsado',
      expired: 'Caducado',
    },
    print: 'Imprimir',
    refund: 'Reembolsar este paquete',
    refundConfirm:
      '¿Reembolsar este paquete de créditos? Sus créditos salen de tu saldo ahora y Paddle te devuelve el pago.',
    refunded: 'Se reembolsó el paquete de créditos.',
    refundPending:
      'Tu reembolso se está procesando. Los créditos quedan fuera de tu saldo hasta que Paddle lo confirme; si Paddle lo rechaza, vuelven.',
    back: 'Volver al historial de créditos',
  },
};
