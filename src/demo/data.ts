/**
 * What the demo platform holds: one company with two shops, their products in English, French
 * and German, and the people who buy from them. Plain data; src/demo/load.ts turns it into
 * requests and commands.
 */
export type Names = [en: string, fr: string, de: string];

export interface DemoProduct {
  names: Names;
  /** Price in cents, VAT included. */
  price: number;
  /** Units on the shelf; 0 = sold out. */
  stock: number;
  /** The picture's colour and shape (src/demo/pictures.ts). */
  colour: string;
  shape: 'cup' | 'leaf' | 'bowl' | 'vase' | 'plate' | 'bean';
}

export interface DemoShop {
  code: string;
  name: string;
  /** Served on `<subdomain>.<PLATFORM_DOMAIN>` in the demo's printed links when set; else on the path form. */
  subdomain?: string;
  description: string;
  preset: string;
  brand: string;
  warehouse: string;
  /** Noun used in descriptions, per language. */
  kind: Names;
  products: DemoProduct[];
}

const p = (names: Names, price: number, stock: number, colour: string, shape: DemoProduct['shape']): DemoProduct => ({
  names,
  price,
  stock,
  colour,
  shape,
});

export const COMPANY = {
  name: 'Demo Trading S.à r.l.',
  owner_email: 'owner@demo.example',
  owner_username: 'demo-owner',
  owner_first_name: 'Lena',
  owner_last_name: 'Weber',
  contact_email: 'hello@demo.example',
};

export const ADMIN_EMAIL = 'admin@demo.example';

export const SHOPS: DemoShop[] = [
  {
    code: 'VERTE',
    name: 'Maison Verte',
    description: 'Teas and coffees from small farms, roasted and blended in Luxembourg.',
    preset: 'classic',
    brand: 'Maison Verte',
    warehouse: 'Bettembourg',
    kind: ['tea and coffee', 'thé et café', 'Tee und Kaffee'],
    products: [
      p(['Sencha Green Tea', 'Thé vert Sencha', 'Grüner Tee Sencha'], 890, 40, '#5b8c3a', 'leaf'),
      p(['Earl Grey Supreme', 'Earl Grey Suprême', 'Earl Grey Supreme'], 750, 35, '#3d5a80', 'cup'),
      p(['Darjeeling First Flush', 'Darjeeling première récolte', 'Darjeeling First Flush'], 1290, 12, '#c9a227', 'leaf'),
      p(['Assam Breakfast', 'Assam du matin', 'Assam Frühstückstee'], 690, 50, '#8c4a2f', 'cup'),
      p(['Jasmine Pearls', 'Perles de jasmin', 'Jasmin-Perlen'], 1490, 8, '#e8d9a8', 'leaf'),
      p(['Rooibos Vanilla', 'Rooibos vanille', 'Rooibos Vanille'], 650, 30, '#b5541c', 'cup'),
      p(['Peppermint Leaves', 'Feuilles de menthe poivrée', 'Pfefferminzblätter'], 490, 60, '#2e8b57', 'leaf'),
      p(['Chamomile Blossoms', 'Fleurs de camomille', 'Kamillenblüten'], 520, 45, '#f2c14e', 'leaf'),
      p(['Genmaicha', 'Genmaicha', 'Genmaicha'], 840, 20, '#9bb35c', 'cup'),
      p(['Oolong Milk', 'Oolong lacté', 'Milch-Oolong'], 1190, 0, '#d6b98c', 'leaf'),
      p(['Matcha Ceremonial', 'Matcha de cérémonie', 'Zeremonieller Matcha'], 2490, 6, '#6aa84f', 'bowl'),
      p(['Chai Spice Blend', 'Mélange chai épicé', 'Chai-Gewürzmischung'], 720, 25, '#a0522d', 'cup'),
      p(['Hibiscus Berry', 'Hibiscus et baies', 'Hibiskus-Beere'], 590, 30, '#b0224b', 'leaf'),
      p(['Lapsang Souchong', 'Lapsang Souchong', 'Lapsang Souchong'], 980, 15, '#3b2f2f', 'cup'),
      p(['White Peony', 'Pivoine blanche', 'Weiße Pfingstrose'], 1390, 10, '#f4ede4', 'leaf'),
      p(['Espresso Roast Beans', 'Café en grains torréfaction espresso', 'Espresso-Röstung, Bohnen'], 1150, 40, '#4b2e1e', 'bean'),
      p(['Ethiopia Yirgacheffe', 'Éthiopie Yirgacheffe', 'Äthiopien Yirgacheffe'], 1390, 22, '#7a4b2a', 'bean'),
      p(['Colombia Huila', 'Colombie Huila', 'Kolumbien Huila'], 1090, 30, '#6f3d1f', 'bean'),
      p(['Decaf Swiss Water', 'Décaféiné eau suisse', 'Entkoffeiniert, Schweizer Wasser'], 1190, 18, '#8d6e63', 'bean'),
      p(['Brazil Santos Ground', 'Brésil Santos moulu', 'Brasilien Santos gemahlen'], 890, 55, '#5d4037', 'bean'),
      p(['Cold Brew Blend', 'Mélange cold brew', 'Cold-Brew-Mischung'], 1250, 14, '#263238', 'bean'),
      p(['Tea Sampler Box', 'Coffret découverte de thés', 'Tee-Probierbox'], 2990, 9, '#7b1fa2', 'cup'),
      p(['Glass Teapot', 'Théière en verre', 'Glas-Teekanne'], 3490, 7, '#90caf9', 'cup'),
      p(['Bamboo Matcha Whisk', 'Fouet à matcha en bambou', 'Matcha-Besen aus Bambus'], 1590, 11, '#c5a880', 'bowl'),
      p(['Stainless Tea Infuser', 'Infuseur à thé inox', 'Tee-Ei aus Edelstahl'], 690, 70, '#9e9e9e', 'cup'),
    ],
  },
  {
    code: 'KAEREL',
    name: 'Atelier Kärel',
    subdomain: 'atelier',
    description: 'Stoneware thrown and glazed by hand in a small studio in Clervaux.',
    preset: 'modern',
    brand: 'Atelier Kärel',
    warehouse: 'Clervaux',
    kind: ['stoneware', 'grès', 'Steinzeug'],
    products: [
      p(['Speckled Mug', 'Mug moucheté', 'Gesprenkelte Tasse'], 2400, 30, '#d7ccc8', 'cup'),
      p(['Celadon Tea Bowl', 'Bol à thé céladon', 'Seladon-Teeschale'], 3200, 12, '#a8c5a0', 'bowl'),
      p(['Ash Glaze Vase', 'Vase émail de cendre', 'Vase mit Ascheglasur'], 6800, 5, '#8d8a6f', 'vase'),
      p(['Cobalt Dinner Plate', 'Assiette plate cobalt', 'Kobalt-Speiseteller'], 2900, 40, '#1e3a8a', 'plate'),
      p(['Sand Side Plate', 'Assiette à dessert sable', 'Sandfarbener Beilagenteller'], 1900, 40, '#e0c9a6', 'plate'),
      p(['Rust Serving Bowl', 'Saladier rouille', 'Rostrote Servierschüssel'], 5400, 8, '#a0522d', 'bowl'),
      p(['Moss Espresso Cup', 'Tasse à espresso mousse', 'Moosgrüne Espressotasse'], 1600, 36, '#6b8e23', 'cup'),
      p(['White Pasta Bowl', 'Assiette creuse blanche', 'Weiße Pastaschale'], 2600, 24, '#f5f5f0', 'bowl'),
      p(['Tall Bud Vase', 'Soliflore haut', 'Hohe Knospenvase'], 3800, 10, '#c48b9f', 'vase'),
      p(['Charcoal Teapot', 'Théière anthracite', 'Anthrazit-Teekanne'], 8900, 3, '#36454f', 'cup'),
      p(['Ocean Platter', 'Plat océan', 'Ozean-Servierplatte'], 7400, 4, '#2a6f97', 'plate'),
      p(['Honey Jar', 'Pot à miel', 'Honigtopf'], 2200, 15, '#d4a017', 'vase'),
      p(['Oat Cereal Bowl', 'Bol à céréales avoine', 'Haferfarbene Müslischale'], 2100, 28, '#d8c3a5', 'bowl'),
      p(['Ink Carafe', 'Carafe encre', 'Tintenblaue Karaffe'], 5200, 6, '#191970', 'vase'),
      p(['Terracotta Planter', 'Cache-pot terre cuite', 'Terrakotta-Übertopf'], 3400, 11, '#c1440e', 'vase'),
      p(['Butter Dish', 'Beurrier', 'Butterdose'], 2700, 0, '#fff3c4', 'plate'),
      p(['Sake Set for Two', 'Service à saké pour deux', 'Sake-Set für zwei'], 6200, 5, '#4a4a4a', 'cup'),
      p(['Dipping Bowls, set of 4', 'Coupelles, lot de 4', 'Dip-Schälchen, 4 Stück'], 3600, 14, '#7e9c8a', 'bowl'),
      p(['Lavender Candle Holder', 'Bougeoir lavande', 'Lavendel-Kerzenhalter'], 1800, 20, '#9b8ec4', 'vase'),
      p(['Olive Oil Cruet', 'Huilier', 'Olivenöl-Kännchen'], 3100, 9, '#708238', 'vase'),
      p(['Milk Jug', 'Pot à lait', 'Milchkännchen'], 2300, 16, '#eae0d5', 'cup'),
      p(['Salt Cellar', 'Salière', 'Salzfass'], 1400, 25, '#bfb5a8', 'bowl'),
      p(['Ramen Bowl', 'Bol à ramen', 'Ramen-Schale'], 3300, 13, '#b22222', 'bowl'),
      p(['Glaze Sample Tiles', "Carreaux d'échantillons d'émail", 'Glasur-Musterfliesen'], 900, 50, '#5f9ea0', 'plate'),
      p(['Gift Card Wrap Set', 'Coffret cadeau', 'Geschenkset'], 1200, 30, '#e9967a', 'plate'),
    ],
  },
];

/** The customers of the first shop; each places the orders listed in load.ts. */
export const CUSTOMERS = [
  {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@customer.example',
    city: 'Luxembourg',
    postal_code: 'L-1611',
    street: '12 rue de la Gare',
    country_iso: 'LU',
  },
  {
    first_name: 'Jean',
    last_name: 'Muller',
    email: 'jean@customer.example',
    city: 'Esch-sur-Alzette',
    postal_code: 'L-4010',
    street: "3 rue de l'Alzette",
    country_iso: 'LU',
  },
  {
    first_name: 'Marie',
    last_name: 'Dubois',
    email: 'marie@customer.example',
    city: 'Metz',
    postal_code: '57000',
    street: '8 place Saint-Louis',
    country_iso: 'FR',
  },
  {
    first_name: 'Jonas',
    last_name: 'Schmitt',
    email: 'jonas@customer.example',
    city: 'Trier',
    postal_code: '54290',
    street: 'Simeonstraße 5',
    country_iso: 'DE',
  },
];

/** The content pages every demo shop publishes, with {shop} and {kind} filled in. */
export const PAGES = [
  {
    slug: 'about',
    show_in_header: true,
    show_in_footer: true,
    sort_order: 1,
    translations: {
      en: {
        title: 'About us',
        body: '# About {shop}\n\nWe sell {kind} we would use ourselves. Every order is packed by hand and ships within two working days.',
      },
      fr: {
        title: 'À propos',
        body: '# À propos de {shop}\n\nNous vendons du {kind} que nous utiliserions nous-mêmes. Chaque commande est emballée à la main.',
      },
      de: {
        title: 'Über uns',
        body: '# Über {shop}\n\nWir verkaufen {kind}, das wir selbst benutzen würden. Jede Bestellung wird von Hand verpackt.',
      },
    },
  },
  {
    slug: 'legal-notice',
    show_in_legal: true,
    show_in_footer: true,
    sort_order: 2,
    translations: {
      en: {
        title: 'Legal notice',
        body: '# Legal notice\n\n{shop} is a shop of Demo Trading S.à r.l., 1 rue de la Démo, L-1111 Luxembourg. VAT LU00000000. This is demo data.',
      },
      fr: {
        title: 'Mentions légales',
        body: '# Mentions légales\n\n{shop} est une boutique de Demo Trading S.à r.l., 1 rue de la Démo, L-1111 Luxembourg. Données de démonstration.',
      },
      de: {
        title: 'Impressum',
        body: '# Impressum\n\n{shop} ist ein Shop der Demo Trading S.à r.l., 1 rue de la Démo, L-1111 Luxemburg. Demodaten.',
      },
    },
  },
];

/**
 * The order a customer placed on the external marketplace for the first shop, waiting for its
 * confirmation: units of the shop's products (by their index in the shop's list), each with the
 * price the marketplace charged.
 */
export const MARKETPLACE_ORDER = {
  number: 'EM-2026-0042',
  email: 'sophie@marketplace-buyer.example',
  locale: 'fr',
  address: {
    firstName: 'Sophie',
    lastName: 'Martin',
    streetName: 'Grand-Rue',
    streetNumber: '21',
    zipCode: 'L-9710',
    city: 'Clervaux',
    country: 'LU',
  },
  units: [
    { product: 0, price: '8.90' },
    { product: 0, price: '8.90' },
    { product: 10, price: '24.90' },
  ],
};
