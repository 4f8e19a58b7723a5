import type { LanguageCode } from '../../core/i18n.ts';
import { html } from '../../pages/html.ts';
import { fill, mailHtml, mailText, oneLine, P, type RenderedMail } from '../layout.ts';

/** To a vendor's owner: an extmarket order arrived beyond the orders their plan allows in the period. */
export interface OrderLimitReachedVars {
  vendor_name: string;
  first_name: string | null;
  limit: number;
  count: number;
  /** The billing period's first day, YYYY-MM-DD. */
  period_start: string;
}

const TEXT: Record<LanguageCode, { subject: string; hello: string; helloName: string; reached: string; advice: string; signOff: string }> =
  {
    en: {
      subject: "{vendor}: your plan's order limit is reached",
      hello: 'Hello,',
      helloName: 'Hello {name},',
      reached:
        'Your plan allows {limit} orders per billing period. Since {period} your shop {vendor} has received {count} extmarket orders.',
      advice: 'To keep every order flowing, move to a larger plan or add an order pack in your dashboard.',
      signOff: 'The platform team',
    },
    fr: {
      subject: '{vendor} : la limite de commandes de votre offre est atteinte',
      hello: 'Bonjour,',
      helloName: 'Bonjour {name},',
      reached:
        'Votre offre permet {limit} commandes par période de facturation. Depuis le {period}, votre boutique {vendor} a reçu {count} commandes extmarket.',
      advice:
        'Pour que toutes vos commandes continuent d’arriver, passez à une offre supérieure ou ajoutez un pack de commandes depuis votre tableau de bord.',
      signOff: 'L’équipe de la plateforme',
    },
    de: {
      subject: '{vendor}: Das Bestelllimit Ihres Tarifs ist erreicht',
      hello: 'Guten Tag,',
      helloName: 'Hallo {name},',
      reached:
        'Ihr Tarif erlaubt {limit} Bestellungen pro Abrechnungszeitraum. Seit dem {period} hat Ihr Shop {vendor} {count} Extmarket-Bestellungen erhalten.',
      advice:
        'Damit weiterhin alle Bestellungen ankommen, wechseln Sie in einen größeren Tarif oder buchen Sie in Ihrem Dashboard ein Bestellpaket hinzu.',
      signOff: 'Ihr Plattform-Team',
    },
    lb: {
      subject: '{vendor}: D’Bestellungslimitt vun Ärem Tarif ass erreecht',
      hello: 'Moien,',
      helloName: 'Moien {name},',
      reached:
        'Ären Tarif erlaabt {limit} Bestellungen pro Ofrechnungsperiod. Zënter dem {period} huet Äre Buttek {vendor} {count} Extmarket-Bestellunge kritt.',
      advice: 'Fir datt all Bestellung weider ukënnt, wiesselt op e gréissere Tarif oder bucht an Ärem Dashboard e Bestellungspak derbäi.',
      signOff: 'Mat beschte Gréiss, d’Plattform-Team',
    },
  };

export function orderLimitReached(language: LanguageCode, vars: OrderLimitReachedVars): RenderedMail {
  const t = TEXT[language];
  const params = {
    vendor: oneLine(vars.vendor_name),
    name: vars.first_name ?? '',
    limit: vars.limit,
    count: vars.count,
    period: vars.period_start,
  };
  const hello = vars.first_name ? fill(t.helloName, params) : t.hello;
  const subject = fill(t.subject, params);
  return {
    language,
    subject,
    text: mailText([hello, fill(t.reached, params), t.advice, t.signOff]),
    html: mailHtml({
      language,
      subject,
      vendorName: vars.vendor_name,
      signOff: t.signOff,
      body: html`<p style="${P}">${hello}</p>
<p style="${P}">${fill(t.reached, params)}</p>
<p style="${P}">${t.advice}</p>`,
    }),
  };
}
