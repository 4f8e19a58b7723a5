import type { LanguageCode } from '../../core/i18n.ts';

/** What a cart operation answers in `message`, in the shop's four languages (SPEC.md part 2 Conventions). */
const MESSAGES = {
  en: {
    added: 'Added to the cart',
    updated: 'Quantity updated',
    removed: 'Removed from the cart',
    cleared: 'The cart is empty',
    accepted: 'New price accepted',
  },
  fr: {
    added: 'Ajouté au panier',
    updated: 'Quantité modifiée',
    removed: 'Retiré du panier',
    cleared: 'Le panier est vide',
    accepted: 'Nouveau prix accepté',
  },
  de: {
    added: 'In den Warenkorb gelegt',
    updated: 'Menge geändert',
    removed: 'Aus dem Warenkorb entfernt',
    cleared: 'Der Warenkorb ist leer',
    accepted: 'Neuer Preis akzeptiert',
  },
  lb: {
    added: 'An de Kuerf geluecht',
    updated: 'Zuel geännert',
    removed: 'Aus dem Kuerf ewechgeholl',
    cleared: 'De Kuerf ass eidel',
    accepted: 'Neie Präis akzeptéiert',
  },
} as const satisfies Record<LanguageCode, Record<string, string>>;

export type CartMessage = keyof (typeof MESSAGES)['en'];

export const cartMessage = (language: LanguageCode, key: CartMessage): string => MESSAGES[language][key];
