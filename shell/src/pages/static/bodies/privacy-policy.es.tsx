// The privacy policy in Spanish (es-ES): the same data, purposes, processors, retention periods and rights as the
// English one.
import { PRODUCT_NAME } from '@act/contracts';
import { CONTACT } from '../company';

export function PrivacyPolicyIntroEs() {
  return (
    <p>
      Esta política explica qué datos personales recoge {PRODUCT_NAME} cuando visitas el sitio, creas una
      cuenta o usas nuestras herramientas de IA, por qué los necesitamos y qué opciones tienes. Solo recogemos
      lo que el servicio necesita para funcionar y nunca vendemos tus datos.
    </p>
  );
}

/** Sections 1 to 4: what is collected, what for, the AI providers and who else receives it. */
function CollectionSections() {
  return (
    <>
      <h2>1. Datos que recogemos</h2>
      <ul>
        <li>
          <strong>Datos de la cuenta:</strong> tu dirección de correo electrónico, tu contraseña guardada con
          un hash seguro (o el identificador de tu cuenta de Google si inicias sesión con Google), tu plan, tu
          saldo de créditos y la fecha en que te registraste.
        </li>
        <li>
          <strong>Contenido que envías:</strong> los prompts de texto, imágenes, archivos de audio, PDF,
          direcciones web y enlaces de YouTube que envías a una herramienta, y los resultados que esta
          devuelve, como prompts, descripciones, mensajes de chat, imágenes generadas y audio.
        </li>
        <li>
          <strong>Registros de uso:</strong> qué herramienta se usó, cuántos créditos costó y cuándo. En las
          llamadas a la API hechas sin cuenta guardamos la dirección IP junto con el nombre de la herramienta
          para aplicar la regla de una llamada por herramienta cada 24 horas.
        </li>
        <li>
          <strong>Datos de facturación:</strong> tu plan de suscripción, tu ciclo de facturación y el
          identificador de la suscripción en nuestro proveedor de pagos. Los datos de la tarjeta se introducen
          directamente en el proveedor de pagos y nunca llegan a nuestros servidores.
        </li>
        <li>
          <strong>Datos técnicos:</strong> dirección IP, tipo de navegador y registros de solicitudes, que
          conservamos para proteger el servicio, evitar abusos y corregir errores.
        </li>
      </ul>

      <h2>2. Para qué los usamos</h2>
      <ul>
        <li>
          Para ofrecerte las herramientas que pides y mostrarte tus resultados, tu historial de chat y tus
          galerías.
        </li>
        <li>
          Para llevar tu saldo de créditos, restablecerlo cada mes y registrar lo que ha costado cada uso.
        </li>
        <li>Para tramitar suscripciones, reembolsos y cancelaciones.</li>
        <li>Para proteger las cuentas, detectar fraudes y garantizar un uso justo de la prueba gratuita.</li>
        <li>
          Para responder a tus solicitudes de soporte y enviarte los mensajes imprescindibles del servicio,
          como el restablecimiento de la contraseña.
        </li>
      </ul>
      <p>
        Tratamos tus datos para cumplir nuestro contrato contigo, para cumplir obligaciones legales (por
        ejemplo, los registros fiscales) y por nuestro interés legítimo en ofrecer un servicio seguro y
        fiable.
      </p>

      <h2>3. Tratamiento mediante IA</h2>
      <p>
        Cuando usas una herramienta, el contenido que envías se remite al proveedor del modelo de IA que la
        hace funcionar (por ejemplo, proveedores de modelos de lenguaje, de imagen y de voz) solo para generar
        tu resultado. Elegimos proveedores que no usan el contenido recibido por su API para entrenar sus
        modelos. No subas contenido que no tengas derecho a usar ni datos personales sensibles de otras
        personas.
      </p>

      <h2>4. Con quién compartimos los datos</h2>
      <ul>
        <li>
          <strong>Proveedor de pagos:</strong> Paddle actúa como nuestro revendedor y comerciante registrado
          (merchant of record) y gestiona los pagos, las facturas y los impuestos.
        </li>
        <li>
          <strong>Proveedores de modelos de IA:</strong> reciben el contenido necesario para ejecutar la
          herramienta que hayas elegido.
        </li>
        <li>
          <strong>Proveedores de alojamiento y almacenamiento:</strong> hacen funcionar nuestros servidores,
          bases de datos y almacenamiento de archivos.
        </li>
        <li>
          <strong>Google:</strong> solo si eliges Continuar con Google, para confirmar tu identidad.
        </li>
      </ul>
      <p>Podemos revelar datos cuando la ley lo exija. No vendemos ni alquilamos datos personales a nadie.</p>
    </>
  );
}

/** Sections 5 to 11: cookies, retention, security, the member's rights, children, changes and contact. */
function KeepingSections() {
  return (
    <>
      <h2>5. Cookies</h2>
      <p>
        Usamos una única cookie esencial para mantener tu sesión iniciada de forma segura. Los scripts de la
        página no pueden leerla y no se usa para nada más. No usamos cookies publicitarias ni de seguimiento
        entre sitios.
      </p>

      <h2>6. Cuánto tiempo conservamos los datos</h2>
      <ul>
        <li>
          Datos de la cuenta: mientras tu cuenta esté abierta; se eliminan en un plazo de 30 días desde su
          cierre.
        </li>
        <li>Historial de chat, galerías y archivos generados: hasta que los elimines o cierres tu cuenta.</li>
        <li>
          Registros de uso sin cuenta: solo el tiempo necesario para la regla de uso gratuito de 24 horas y la
          prevención de abusos.
        </li>
        <li>Registros de facturación: el tiempo que exija la normativa fiscal y contable.</li>
      </ul>

      <h2>7. Seguridad</h2>
      <p>
        El tráfico va cifrado en tránsito, las contraseñas se guardan solo como hashes unidireccionales
        robustos, las sesiones usan tokens de corta duración y el acceso a los sistemas de producción está
        restringido al personal que lo necesita.
      </p>

      <h2>8. Tus derechos</h2>
      <p>
        Según dónde vivas, puedes solicitar el acceso a tus datos personales, su rectificación, su exportación
        o su supresión, oponerte a su tratamiento o pedir que se limite, y retirar tu consentimiento. Puedes
        eliminar tu cuenta tú mismo desde la página de la cuenta: se eliminan tus chats, imágenes, audios,
        prompts, resúmenes y enlaces compartidos, y se cancela la suscripción de pago si la tienes; los
        registros de créditos que exige la ley se conservan sin tu correo electrónico. Para cualquier otra
        cosa, escribe a <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a> desde la dirección de tu
        cuenta y te responderemos en un plazo de 30 días. También puedes presentar una reclamación ante la
        autoridad de protección de datos de tu país.
      </p>

      <h2>9. Menores</h2>
      <p>
        {PRODUCT_NAME} no está dirigido a menores de 16 años y no recogemos a sabiendas sus datos personales.
      </p>

      <h2>10. Cambios en esta política</h2>
      <p>
        Publicaremos cualquier cambio en esta página con una nueva fecha y avisaremos a los miembros por
        correo electrónico antes de que entre en vigor un cambio importante.
      </p>

      <h2>11. Contacto</h2>
      <p>
        Preguntas sobre privacidad: <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a>.
      </p>
    </>
  );
}

export function PrivacyPolicySectionsEs() {
  return (
    <>
      <CollectionSections />
      <KeepingSections />
    </>
  );
}
