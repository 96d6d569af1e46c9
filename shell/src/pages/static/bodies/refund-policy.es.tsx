// The refund policy in Spanish (es-ES), with the same figures as the English one (docs/product-rules.md#costs-and-limits).
import { LIMITS } from '@act/contracts';
import { CONTACT } from '../company';

const R = LIMITS.refund;

function range(days: { min: number; max: number }): string {
  return `${days.min} a ${days.max} días hábiles`;
}

export function RefundPolicyIntroEs() {
  return (
    <p>
      Queremos que quedes satisfecho con cada crédito que gastes. Si algo no va bien, esta política explica
      cuándo puedes recuperar tu dinero y cuánto se tarda.
    </p>
  );
}

export function RefundPolicySectionsEs() {
  return (
    <>
      <h2>1. Cuándo puedes pedir un reembolso</h2>
      <div className="sh-table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Compra</th>
              <th scope="col">Plazo de reembolso</th>
              <th scope="col">Condición</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Suscripciones</td>
              <td>En un plazo de {R.subscriptionDays} días desde el cargo</td>
              <td>Primer pago o renovación de un plan mensual o anual</td>
            </tr>
            <tr>
              <td>Compras de créditos</td>
              <td>En un plazo de {R.unusedCreditPurchaseDays} días desde la compra</td>
              <td>Los créditos comprados no se han usado</td>
            </tr>
            <tr>
              <td>Problemas técnicos</td>
              <td>En un plazo de {R.technicalIssueDays} días</td>
              <td>
                Una herramienta no entregó lo que se te cobró y el equipo de soporte no pudo solucionarlo
              </td>
            </tr>
            <tr>
              <td>Compras por error</td>
              <td>En un plazo de {R.accidentalPurchaseHours} horas</td>
              <td>Por ejemplo, un cargo duplicado o un plan o ciclo de facturación equivocado</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        Las generaciones que fallan nunca se cobran: los créditos vuelven a tu saldo automáticamente, así que
        no hace falta pedir un reembolso por ellas.
      </p>

      <h2>2. Qué no se reembolsa</h2>
      <ul>
        <li>Los créditos ya usados en resultados que se entregaron.</li>
        <li>Los créditos mensuales gratuitos del plan Free.</li>
        <li>Las solicitudes hechas fuera de los plazos anteriores, salvo que la ley disponga otra cosa.</li>
        <li>Las cuentas cerradas por incumplir nuestros Términos del servicio.</li>
      </ul>

      <h2>3. Cómo solicitar un reembolso</h2>
      <ol>
        <li>
          Escribe a <a href={`mailto:${CONTACT.billing}`}>{CONTACT.billing}</a> desde la dirección de tu
          cuenta.
        </li>
        <li>
          Indica la fecha del cargo, el plan o los créditos que compraste y el número de pedido que figura en
          tu recibo.
        </li>
        <li>
          Cuéntanos brevemente qué salió mal; si se trata de un problema técnico, añade el nombre de la
          herramienta y la hora en que ocurrió.
        </li>
      </ol>
      <p>
        Nuestro equipo de soporte responde en un plazo de {R.supportResponseHours} horas en días hábiles.
        Revisamos cada solicitud en un plazo de {range(R.reviewBusinessDays)} y te comunicamos el resultado
        por correo electrónico.
      </p>

      <h2>4. Cuándo llega el dinero</h2>
      <p>Los reembolsos aprobados se devuelven al método de pago original:</p>
      <ul>
        <li>Tarjetas de crédito y débito: de {range(R.cardRefundBusinessDays)}.</li>
        <li>PayPal: de {range(R.paypalRefundBusinessDays)}.</li>
        <li>Transferencia bancaria: de {range(R.bankTransferRefundBusinessDays)}.</li>
      </ul>
      <p>Tu banco puede tardar un poco más en mostrar el reembolso en tu extracto.</p>

      <h2>5. Suscripciones después de un reembolso</h2>
      <p>
        Una suscripción reembolsada se cancela y la cuenta vuelve al plan Free. Si cancelas sin pedir un
        reembolso, conservas tu plan hasta el final del periodo que pagaste.
      </p>

      <h2>6. Limitación de responsabilidad</h2>
      <p>
        Nuestra responsabilidad total por cualquier reclamación relacionada con una compra se limita al
        importe que nos hayas pagado en los últimos {R.liabilityMonths} meses. Esto no afecta a tus derechos
        legales como consumidor.
      </p>
    </>
  );
}
