// The contact page in Spanish (es-ES): the same addresses, response time and advice as the English one.
import { LIMITS } from '@act/contracts';
import { ContactChannels, type ContactChannelTexts } from './contact-channels';

const CHANNELS: ContactChannelTexts = {
  support: {
    title: 'Ayuda con una herramienta o con tu cuenta',
    text: 'Preguntas sobre herramientas, créditos, inicio de sesión o resultados que no han salido bien.',
  },
  billing: {
    title: 'Facturación y reembolsos',
    text: 'Suscripciones, facturas, cambios de plan y solicitudes de reembolso.',
  },
  privacy: {
    title: 'Privacidad y solicitudes sobre tus datos',
    text: 'Acceso, exportación o eliminación de tus datos personales.',
  },
};

export function ContactUsIntroEs() {
  return (
    <p>
      Somos un equipo pequeño que lee todos los mensajes. Escribe a la dirección que corresponda a tu consulta
      y te responderemos en un plazo de {LIMITS.refund.supportResponseHours} horas en días hábiles.
    </p>
  );
}

export function ContactUsSectionsEs() {
  return (
    <>
      <ContactChannels texts={CHANNELS} />
      <h2>Antes de escribirnos</h2>
      <ul>
        <li>
          Envía tu mensaje desde la dirección de correo electrónico de tu cuenta para que podamos encontrarla
          enseguida.
        </li>
        <li>
          Si el problema es con una herramienta, indica su nombre, qué intentaste hacer y, aproximadamente,
          cuándo ocurrió.
        </li>
        <li>No nos envíes nunca tu contraseña: nunca te la pediremos.</li>
      </ul>
    </>
  );
}
