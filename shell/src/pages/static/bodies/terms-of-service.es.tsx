// The terms of service in Spanish (es-ES): the same accounts, credits, subscriptions, acceptable use, content
// ownership and liability terms as the English ones.
import { Link } from 'react-router';
import { LIMITS, PRODUCT_NAME } from '@act/contracts';
import { CONTACT } from '../company';
import { planAllowances } from './plan-allowances';

export function TermsOfServiceIntroEs() {
  return (
    <p>
      Estos términos regulan tu uso de {PRODUCT_NAME}, de sus herramientas de IA, sus créditos y sus
      suscripciones. Al crear una cuenta o usar una herramienta, los aceptas. Si no estás de acuerdo, no uses
      el servicio.
    </p>
  );
}

export function TermsOfServiceSectionsEs() {
  return (
    <>
      <h2>1. Tu cuenta</h2>
      <p>
        Debes tener al menos 16 años para crear una cuenta. Mantén tu contraseña en secreto y avísanos de
        inmediato si crees que otra persona ha usado tu cuenta; eres responsable de la actividad que se
        realice con ella. Una misma persona no puede tener varias cuentas gratuitas para obtener créditos
        adicionales.
      </p>

      <h2>2. Créditos</h2>
      <ul>
        <li>
          Cada herramienta muestra su coste en créditos antes de que la uses; las herramientas gratuitas no
          cuestan nada. Los créditos solo se descuentan cuando una herramienta termina correctamente, y una
          generación fallida no cuesta nada.
        </li>
        <li>
          Las cuentas nuevas reciben {LIMITS.newUserCredits} créditos gratuitos. Cada plan incluye una
          asignación mensual ({planAllowances()} créditos). Los saldos vuelven a la asignación del plan cada
          mes y los créditos que no se usan no se acumulan.
        </li>
        <li>
          Los créditos no tienen valor monetario, no se pueden transferir y no son reembolsables, salvo en los
          casos que prevé nuestra Política de reembolsos.
        </li>
        <li>
          Para usar las herramientas de este sitio web se necesita una cuenta; registrarse es gratis e incluye
          créditos gratuitos. Aparte, nuestra API responde sin cuenta a una llamada a algunas herramientas una
          vez por herramienta cada {LIMITS.guestWindowHours} horas desde una misma red; después, también allí
          se necesita una cuenta.
        </li>
      </ul>

      <h2>3. Suscripciones y pagos</h2>
      <ul>
        <li>
          Los planes de pago se facturan por adelantado, cada mes o cada año, a través de nuestro proveedor de
          pagos, Paddle, que actúa como comerciante registrado (merchant of record). Los precios se muestran
          en dólares estadounidenses; al pagar pueden añadirse impuestos.
        </li>
        <li>
          Las suscripciones se renuevan automáticamente al final de cada periodo de facturación hasta que las
          canceles.
        </li>
        <li>
          Las subidas de plan se aplican de inmediato. Las bajadas de plan y las cancelaciones se aplican al
          final del periodo de facturación en curso, y conservas las funciones de tu plan hasta entonces.
        </li>
        <li>
          Puedes cancelar en cualquier momento desde la pestaña Suscripción de tu cuenta. Los reembolsos se
          rigen por nuestra <Link to="/refund-policy">Política de reembolsos</Link>.
        </li>
      </ul>

      <h2>4. Uso aceptable</h2>
      <p>Te comprometes a no usar el servicio para:</p>
      <ul>
        <li>
          crear contenido ilegal o contenido que sexualice a menores, acose a personas o promueva la
          violencia;
        </li>
        <li>
          crear contenido engañoso sobre personas reales, como imágenes íntimas sin consentimiento o
          suplantaciones de identidad;
        </li>
        <li>
          subir contenido que no tengas derecho a usar, ni infringir la propiedad intelectual o la privacidad
          de nadie;
        </li>
        <li>
          atacar, sobrecargar, extraer datos de forma masiva o aplicar ingeniería inversa al servicio, ni
          eludir los límites de créditos y la regla de uso gratuito.
        </li>
      </ul>
      <p>
        Podemos rechazar solicitudes, retirar contenido o suspender las cuentas que incumplan estas normas.
      </p>

      <h2>5. Tu contenido y tus resultados</h2>
      <p>
        Lo que subes sigue siendo tuyo. Nos concedes el permiso necesario para almacenarlo y procesarlo con el
        fin de prestar el servicio. Entre tú y nosotros, los resultados que generas te pertenecen y puedes
        usarlos con fines comerciales, con sujeción a la ley y a estos términos. Lo que genera la IA puede ser
        inexacto o parecerse a obras existentes: revísalo antes de confiar en ello o publicarlo.
      </p>

      <h2>6. Disponibilidad y cambios</h2>
      <p>
        Trabajamos para que el servicio sea rápido y esté disponible, pero no garantizamos que funcione sin
        interrupciones. Podemos añadir, modificar o retirar herramientas y modelos; si se elimina una función
        de pago de la que dependes, contacta con nosotros y buscaremos una solución justa.
      </p>

      <h2>7. Cierre de la cuenta</h2>
      <p>
        Puedes cerrar tu cuenta en cualquier momento poniéndote en contacto con el equipo de soporte. Podemos
        suspender o cerrar las cuentas que incumplan estos términos; si el incumplimiento no es grave, te
        avisaremos antes.
      </p>

      <h2>8. Exención de garantías y responsabilidad</h2>
      <p>
        El servicio se ofrece «tal cual». En la medida en que la ley lo permita, no respondemos de pérdidas
        indirectas o consecuentes, y nuestra responsabilidad total por cualquier reclamación se limita al
        importe que nos hayas pagado en los {LIMITS.refund.liabilityMonths} meses anteriores a la reclamación.
        Nada de lo dispuesto en estos términos limita los derechos que tengas como consumidor y que la ley no
        permita excluir.
      </p>

      <h2>9. Cambios en estos términos</h2>
      <p>
        Podemos actualizar estos términos. Publicaremos la nueva versión aquí con una nueva fecha y avisaremos
        a los miembros por correo electrónico antes de que entren en vigor los cambios importantes. Si sigues
        usando el servicio después, aceptas los nuevos términos.
      </p>

      <h2>10. Contacto</h2>
      <p>
        Preguntas sobre estos términos: <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a>.
      </p>
    </>
  );
}
