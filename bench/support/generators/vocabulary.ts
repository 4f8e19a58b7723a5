import type { Language, ProductText } from '../../../commands/catalogue/events.ts';
import { withCheckDigit } from '../../../src/core/gtin.ts';
import { between, pick, type Rng } from './random.ts';

/** The names, words and identifiers the histories of several areas share. */

const FIRST = ['Anna', 'Luc', 'Marie', 'Jean', 'Sofia', 'Paul', 'Lea', 'Tom', 'Nina', 'Max', 'Eva', 'Ben', 'Lara', 'Noah', 'Mia', 'Leon'];
export const LAST = [
  'Schmit',
  'Muller',
  'Weber',
  'Wagner',
  'Hoffmann',
  'Klein',
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
];
export const LANGS = ['en', 'fr', 'de', 'lb'] as const;
export const WORDS = ['Organic', 'Steel', 'Wireless', 'Classic', 'Compact', 'Deluxe', 'Cotton', 'Smart', 'Travel', 'Kids', 'Garden', 'Pro'];
export const THINGS = [
  'Kettle',
  'Headphones',
  'Backpack',
  'Lamp',
  'Mug',
  'Charger',
  'Sneakers',
  'Blender',
  'Notebook',
  'Chair',
  'Tent',
  'Watch',
];
export const MARKETPLACES = ['Amazon', 'Letzshop', 'eBay'] as const;

/** The vendors whose orders, products and imports the histories hold. */
export const VENDORS = 40;
/** The user id of vendor `vendor`'s staff member. */
export const vendorUser = (vendor: number) => 10_000 + vendor;

/** A deterministic, searchable person for user `id`: names from small pools plus a unique surname suffix. */
export function person(id: number) {
  const first = FIRST[id % FIRST.length];
  const last = `${LAST[(id * 7) % LAST.length]}${(id * 7919) % 100_003}`;
  return {
    first,
    last,
    email: `${first.toLowerCase()}.${last.toLowerCase()}.${id}@bench.example`,
    username: `u${id}_${first.toLowerCase()}`,
  };
}

/** A random EAN-13 with its check digit. */
export function ean(r: Rng): string {
  return withCheckDigit(`40${String(Math.floor(r() * 1e10)).padStart(10, '0')}`);
}

/** A product's title and texts in `language`. */
export function productText(r: Rng, language: Language, seed: number): ProductText {
  const name = `${pick(r, WORDS)} ${pick(r, THINGS)} ${seed % 997}`;
  const word = { en: 'Quality', fr: 'Qualité', de: 'Qualität', lb: 'Qualitéit' }[language];
  return {
    title: language === 'en' ? name : `${name} (${language})`,
    description:
      r() < 0.8
        ? `${word}: ${name}, ${pick(r, WORDS).toLowerCase()} design, ${between(r, 1, 5)} years warranty. Ships within ${between(r, 1, 5)} days.`
        : null,
    short_description: r() < 0.5 ? `${word} ${name}` : null,
  };
}
