import { Type, type TSchema } from '@sinclair/typebox';
import { SLUG_PATTERN } from '../../../commands/content-pages/slug.ts';
import { ContentPageRow } from '../../../projections/content-pages/contentPages.ts';
import { Nullable, NullableTimestamp, rowFields, Timestamp } from '../responses.ts';
import { Id, Language } from '../validation.ts';

export const Slug = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: SLUG_PATTERN,
  description: 'lowercase letters, digits and single hyphens; not a reserved route word (shop, account, cart, api, admin, …)',
  examples: ['imprint'],
});
export const Template = Type.Union([Type.Literal('default'), Type.Literal('minimal'), Type.Literal('modern'), Type.Literal('full')], {
  $id: 'ContentPageTemplate',
  description: 'default, minimal, modern, or full (a landing page)',
});

const Text = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.String({
      maxLength: 100_000,
      description: 'Markdown; the shop shows it as safe HTML (no script, no event handler, no javascript: URL)',
    }),
  },
  { additionalProperties: false },
);
const perLanguage = <T extends TSchema>(schema: T, options: object = {}) =>
  Type.Object(
    {
      en: Type.Optional(schema),
      fr: Type.Optional(schema),
      de: Type.Optional(schema),
      lb: Type.Optional(schema),
    },
    { additionalProperties: false, ...options },
  );

/** The title and body per storefront language; an update replaces the languages it names, `null` removes one. */
export const Translations = perLanguage(Text, { minProperties: 1, $id: 'ContentPageTranslations' });
const TranslationChanges = perLanguage(Nullable(Text), { minProperties: 1 });

const editable = {
  template: Type.Optional(Template),
  is_published: Type.Optional(Type.Boolean({ description: 'Set: published (shown in the shop); cleared: a draft' })),
  show_in_header: Type.Optional(Type.Boolean()),
  show_in_footer: Type.Optional(Type.Boolean()),
  show_in_legal: Type.Optional(Type.Boolean({ description: 'Listed with the legal links (imprint, terms, privacy)' })),
  sort_order: Type.Optional(Type.Integer({ minimum: -10_000, maximum: 10_000, description: 'Position in the navigation, lowest first' })),
  default_language: Type.Optional(Language),
};

const createFields = { slug: Slug, ...editable, translations: Translations };

/** A new page (SPEC.md 4.1): the platform route forces vendor_id to null, the vendor route requires it. */
export const ContentPageCreate = Type.Object(
  {
    ...createFields,
    vendor_id: Type.Optional(Nullable(Id)),
  },
  { $id: 'ContentPageCreate', additionalProperties: false },
);

/** A vendor's new page: an override (the slug of a platform default) or a page of its own. */
export const VendorContentPageCreate = Type.Object(createFields, { $id: 'VendorContentPageCreate', additionalProperties: false });

export const ContentPageUpdate = Type.Object(
  {
    slug: Type.Optional(Slug),
    ...editable,
    translations: Type.Optional(TranslationChanges),
  },
  { $id: 'ContentPageUpdate', additionalProperties: false, minProperties: 1 },
);

const TextOut = Type.Object({ title: Type.String(), body: Type.String() });

export const ContentPage = Type.Object(
  {
    ...rowFields(ContentPageRow, ['id', 'vendor_id', 'slug']),
    // The template, the language and the texts keep their named, closed schemas in the document.
    template: Template,
    ...rowFields(ContentPageRow, ['is_published']),
    status: Type.Union([Type.Literal('draft'), Type.Literal('published')]),
    ...rowFields(ContentPageRow, ['show_in_header', 'show_in_footer', 'show_in_legal', 'sort_order']),
    default_language: Language,
    translations: perLanguage(TextOut),
    ...rowFields(ContentPageRow, ['created_at', 'updated_at', 'content_changed_at', 'published_at']),
  },
  { $id: 'ContentPageResponse' },
);

export const VendorContentPage = Type.Composite(
  [
    ContentPage,
    Type.Object({
      source: Type.Union([Type.Literal('platform'), Type.Literal('vendor')], {
        description: 'platform: a default the vendor has not overridden',
      }),
      overrides_default: Type.Boolean({ description: 'A vendor page with the slug of a platform default' }),
      default_page_id: Nullable(Type.Integer()),
      default_changed_since_override: Type.Boolean({
        description: "The default's content was rewritten after this override was last written",
      }),
      default_changed_at: NullableTimestamp,
    }),
  ],
  { $id: 'VendorContentPage' },
);

export const ShopContentPage = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    source: Type.Union([Type.Literal('vendor'), Type.Literal('platform')], {
      description: "vendor: the shop's own page or override; platform: the default",
    }),
    template: Template,
    language: Language,
    requested_language: Language,
    title: Type.String(),
    html: Type.String({ description: 'The body rendered from Markdown to safe HTML' }),
    show_in_header: Type.Boolean(),
    show_in_footer: Type.Boolean(),
    show_in_legal: Type.Boolean(),
    updated_at: Timestamp,
  },
  { $id: 'ShopContentPage' },
);

const NavEntry = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  template: Template,
  sort_order: Type.Integer(),
  source: Type.Union([Type.Literal('vendor'), Type.Literal('platform')]),
});
export const ShopNavigation = Type.Object(
  {
    language: Language,
    header: Type.Array(NavEntry),
    footer: Type.Array(NavEntry),
    legal: Type.Array(NavEntry),
  },
  { $id: 'ShopNavigation' },
);

export const ContentPageHistory = Type.Object(
  {
    id: Type.Integer(),
    at: Timestamp,
    stream: Type.String({ description: "The page's stream (GET /admin/events/streams/{stream} lists its events)" }),
    version: Type.Integer({ description: 'Events of the stream written up to `at`' }),
    status: Type.Union([Type.Literal('none'), Type.Literal('draft'), Type.Literal('published'), Type.Literal('deleted')], {
      description: 'none: the page did not exist yet',
    }),
    page: Nullable(
      Type.Object({
        vendor_id: Nullable(Type.Integer()),
        slug: Type.String(),
        template: Template,
        show_in_header: Type.Boolean(),
        show_in_footer: Type.Boolean(),
        show_in_legal: Type.Boolean(),
        sort_order: Type.Integer(),
        default_language: Language,
        translations: perLanguage(TextOut),
        created_at: Timestamp,
        updated_at: Timestamp,
        published_at: NullableTimestamp,
      }),
    ),
    changes: Type.Array(
      Type.Object({
        version: Type.Integer(),
        type: Type.String(),
        at: Timestamp,
        recorded_at: Timestamp,
        user_id: Nullable(Type.Union([Type.Integer(), Type.String()], { description: 'Who acted' })),
      }),
      { description: 'Every change up to `at`, oldest first: who did what and when' },
    ),
  },
  { $id: 'ContentPageHistory' },
);
