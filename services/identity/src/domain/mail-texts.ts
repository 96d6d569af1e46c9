// The e-mails identity sends, in each language (docs/product-rules.md#languages): a member's e-mails use the language
// saved on their account (PATCH /api/identity/user), English until they choose. A server never switches the
// contracts' shared texts (that is the browser's start-up switch), so the words are picked here per message.
import { CREDIT_CONTROLS_TEXTS, type Locale } from '@act/contracts';

export interface MailText {
  subject: string;
  text: string;
}

export interface NoticeMail {
  threshold: 80 | 100;
  spent: number;
  allowance: number;
  accountUrl: string;
}

interface MailTexts {
  recovery(link: string): MailText;
  emailChange(link: string): MailText;
  usageNotice(notice: NoticeMail): MailText;
}

const ENGLISH: MailTexts = {
  recovery: (link) => ({
    subject: 'Reset your password',
    text: [
      'Someone asked to reset the password of your AI Creative Toolbox account.',
      'Open this link within one hour to choose a new password:',
      '',
      link,
      '',
      'If this was not you, ignore this email; your password stays the same.',
    ].join('\n'),
  }),
  emailChange: (link) => ({
    subject: 'Confirm your new email address',
    text: [
      'Someone asked to use this address for an AI Creative Toolbox account.',
      'Open this link within 24 hours to confirm the change:',
      '',
      link,
      '',
      'If this was not you, ignore this email and nothing will change.',
    ].join('\n'),
  }),
  usageNotice: (notice) => ({
    subject: CREDIT_CONTROLS_TEXTS.noticeEmail.subject[notice.threshold],
    text: CREDIT_CONTROLS_TEXTS.noticeEmail.body(notice),
  }),
};

const es = (value: number) => new Intl.NumberFormat('es-ES').format(value);

const SPANISH: MailTexts = {
  recovery: (link) => ({
    subject: 'Restablece tu contraseña',
    text: [
      'Alguien ha pedido restablecer la contraseña de tu cuenta de AI Creative Toolbox.',
      'Abre este enlace en la próxima hora para elegir una contraseña nueva:',
      '',
      link,
      '',
      'Si no has sido tú, ignora este correo; tu contraseña no cambia.',
    ].join('\n'),
  }),
  emailChange: (link) => ({
    subject: 'Confirma tu nueva dirección de correo',
    text: [
      'Alguien ha pedido usar esta dirección para una cuenta de AI Creative Toolbox.',
      'Abre este enlace en las próximas 24 horas para confirmar el cambio:',
      '',
      link,
      '',
      'Si no has sido tú, ignora este correo y no cambiará nada.',
    ].join('\n'),
  }),
  usageNotice: (notice) => ({
    subject:
      notice.threshold === 100
        ? 'Has usado todos los créditos de este mes'
        : 'Has usado el 80 % de los créditos de este mes',
    text: [
      notice.threshold === 100
        ? 'Has usado todos los créditos de este mes de tu plan de AI Creative Toolbox.'
        : 'Has usado el 80 % de los créditos de este mes de tu plan de AI Creative Toolbox.',
      `Gastado este mes: ${es(notice.spent)} de ${es(notice.allowance)} créditos.`,
      '',
      'La página de tu cuenta muestra tu saldo y tu uso:',
      notice.accountUrl,
      '',
      'Allí puedes fijar un límite de gasto mensual (se rechazan los usos que lo superen), comprar un paquete de',
      'créditos o cambiar de plan para tener más créditos al mes. Tus créditos se renuevan al empezar tu próximo periodo mensual.',
    ].join('\n'),
  }),
};

const MAIL_TEXTS: Readonly<Record<Locale, MailTexts>> = { en: ENGLISH, es: SPANISH };

/** The e-mail texts in the member's language (English for a language we have no e-mails in). */
export function mailTexts(locale: string | null | undefined): MailTexts {
  return MAIL_TEXTS[(locale ?? 'en') as Locale] ?? ENGLISH;
}
