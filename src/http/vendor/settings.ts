import Router from '@koa/router';
import { Type, type Static } from '@sinclair/typebox';
import { CONTACT_FIELDS, type Contact, type ExtmarketSettings } from '../../../commands/vendors/events.ts';
import { changeExtmarketSettings, changeVendorProfile, listVendorDomains, type VendorDeps } from '../../modules/vendors.ts';
import { ValidationException, type ValidationIssue } from '../../core/errors.ts';
import { LANGUAGE_INFO, LANGUAGES, t } from '../../core/i18n.ts';
import { invoiceSettingsOf, vendorShopTheme } from '../../modules/registry.ts';
import { getVendor, type VendorListRow } from '../../modules/vendors.ts';
import type { CommandContext } from '../../runtime/commandHandler.ts';
import type { Services } from '../../runtime/services.ts';
import { requestLanguage, resolveLocale } from '../language/resolve.ts';
import { blankToNull, ContactSchema, contactChanges, defined, Description, LanguageSchema, Name } from '../tenancySchemas.ts';
import { Api } from '../api.ts';
import { Nullable } from '../responses.ts';
import { InvoiceSettingsAnswer } from '../schemas/invoices.ts';
import { LanguageInfo, LocaleSource, VendorBusinessInfo, VendorDomain, VendorTheme } from '../schemas/tenancy.ts';
import { Language } from '../validation.ts';
import { vendorCommandContext, vendorCaller } from '../vendorAuth.ts';

/** VAT rates in force in Luxembourg, the extmarket's country (src/core/vat/eu-vat-rates.json: LU), plus 0 for exempt goods. */
export const EXTMARKET_TAX_RATES = [0, 3, 8, 14, 17] as const;
export const DELIVERY_METHODS = ['nationwide', 'package_delivery', 'self_collect'] as const;

const FeedUrl = Type.Union([Type.Literal(''), Type.String({ maxLength: 500, pattern: '^https?://[^\\s]+$' }), Type.Null()]);
export const ExtmarketBody = Type.Object(
  {
    csv_url_fr: Type.Optional(FeedUrl),
    csv_url_en: Type.Optional(FeedUrl),
    csv_url_de: Type.Optional(FeedUrl),
    default_tax_rate: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    boost_sort: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 10 }), Type.Null()])),
    delivery_method: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 50 }), { minItems: 1, maxItems: 3 }), Type.Null()])),
    preorder_days: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 365 }), Type.Null()])),
  },
  { $id: 'VendorExtmarketSettingsUpdate', additionalProperties: false, minProperties: 1 },
);

export const BusinessInfoBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    ...ContactSchema,
    /** Clears every contact override: the vendor inherits the company's contact data again. */
    reset_to_company: Type.Optional(Type.Boolean()),
  },
  { $id: 'VendorBusinessInfoUpdate', additionalProperties: false, minProperties: 1 },
);

export const LocalizationBody = Type.Object(LanguageSchema, {
  $id: 'VendorLocalizationUpdate',
  additionalProperties: false,
  minProperties: 1,
});

/** GET /settings: one object per section. */
const VendorSettings = Type.Object(
  {
    vendor_id: Type.Integer(),
    vendor_code: Type.String(),
    business_info: VendorBusinessInfo,
    localization: Type.Object({
      dashboard_language: Language,
      storefront_language: Language,
      storefront_languages: Type.Array(Language),
      storefront_locale: Nullable(Type.String()),
      effective_locale: Type.String(),
      locale_source: LocaleSource,
      supported_languages: Type.Array(LanguageInfo),
    }),
    extmarket: Type.Object({
      vendor_id: Nullable(Type.String()),
      vendor_slug: Nullable(Type.String()),
      csv_url_fr: Nullable(Type.String()),
      csv_url_en: Nullable(Type.String()),
      csv_url_de: Nullable(Type.String()),
      default_tax_rate: Nullable(Type.Number()),
      boost_sort: Nullable(Type.Number()),
      delivery_method: Nullable(Type.Array(Type.String())),
      preorder_days: Nullable(Type.Integer()),
      options: Type.Object({ tax_rates: Type.Array(Type.Number()), delivery_methods: Type.Array(Type.String()) }),
    }),
    invoice_settings: InvoiceSettingsAnswer,
    theme_settings: VendorTheme,
    domains: Type.Object({
      subdomain: Type.String(),
      subdomain_url: Type.String(),
      path_url: Type.String(),
      custom_domains: Type.Array(VendorDomain, { description: 'Every custom domain of the vendor (at most 10)' }),
    }),
    payment_provider: Type.Object({ configured: Type.Boolean(), provider: Nullable(Type.String()), status: Nullable(Type.String()) }),
  },
  { $id: 'VendorSettingsResponse' },
);
const SettingsAnswer = Type.Composite([Type.Object({ message: Type.String() }), VendorSettings], { $id: 'VendorSettingsUpdated' });

/** The rules of the extmarket settings that a schema cannot say clearly (SPEC.md 4.2). */
function checkExtmarket(body: ExtmarketSettings): void {
  const problems: ValidationIssue[] = [];
  if (body.default_tax_rate != null && !(EXTMARKET_TAX_RATES as readonly number[]).includes(body.default_tax_rate)) {
    problems.push({ pointer: '/body/default_tax_rate', message: `must be one of ${EXTMARKET_TAX_RATES.join(', ')} (percent)` });
  }
  const methods = body.delivery_method ?? [];
  const unknown = methods.filter((m) => !(DELIVERY_METHODS as readonly string[]).includes(m));
  if (unknown.length > 0)
    problems.push({
      pointer: '/body/delivery_method',
      message: `unknown method(s) ${unknown.join(', ')}; allowed: ${DELIVERY_METHODS.join(', ')}`,
    });
  if (new Set(methods).size !== methods.length) problems.push({ pointer: '/body/delivery_method', message: 'must not repeat a method' });
  if (problems.length > 0) throw new ValidationException('The extmarket settings are not valid', problems);
}

/** The settings as GET /settings answers them (the vendor's back-office settings page shows the same). */
export async function vendorSettings(services: Services, vendorId: number) {
  const knex = services.db.knex;
  const v = await getVendor(knex, vendorId);
  const row = await knex<VendorListRow>('vendor_list').select('extmarket_settings').where('id', vendorId).first();
  const locale = await resolveLocale(services, v.storefront_locale, services.config.defaultLocale);
  const business: Record<string, unknown> = {
    name: v.name,
    description: v.description,
    company_id: v.company_id,
    company_name: v.company_name,
  };
  for (const f of CONTACT_FIELDS)
    Object.assign(business, { [f]: v[f], [`effective_${f}`]: v[`effective_${f}`], [`${f}_inherited`]: v[`${f}_inherited`] });
  // What a reset goes back to, for every field (the vendor's detail names only the address and tax number).
  const company = await knex('company_list')
    .where('id', v.company_id)
    .first<Pick<Contact, 'contact_email' | 'contact_phone' | 'website'> | undefined>('contact_email', 'contact_phone', 'website');
  Object.assign(business, {
    company_business_address: v.company_business_address,
    company_tax_number: v.company_tax_number,
    company_contact_email: company?.contact_email ?? null,
    company_contact_phone: company?.contact_phone ?? null,
    company_website: company?.website ?? null,
  });
  const ext = row?.extmarket_settings ?? {};
  const domains = await listVendorDomains(knex, vendorId, { page: 1, limit: 100 });
  return {
    vendor_id: v.id,
    vendor_code: v.vendor_code,
    business_info: business,
    localization: {
      dashboard_language: v.dashboard_language,
      storefront_language: v.storefront_language,
      storefront_languages: v.storefront_languages,
      storefront_locale: v.storefront_locale,
      effective_locale: locale.locale,
      locale_source: locale.source,
      supported_languages: LANGUAGES.map((code) => ({ code, ...LANGUAGE_INFO[code] })),
    },
    extmarket: {
      vendor_id: v.extmarket_vendor_id,
      vendor_slug: v.extmarket_vendor_slug,
      csv_url_fr: ext.csv_url_fr ?? null,
      csv_url_en: ext.csv_url_en ?? null,
      csv_url_de: ext.csv_url_de ?? null,
      default_tax_rate: ext.default_tax_rate ?? null,
      boost_sort: ext.boost_sort ?? null,
      delivery_method: ext.delivery_method ?? null,
      preorder_days: ext.preorder_days ?? null,
      options: { tax_rates: EXTMARKET_TAX_RATES, delivery_methods: DELIVERY_METHODS },
    },
    invoice_settings: await invoiceSettingsOf(knex, vendorId),
    theme_settings: await vendorShopTheme(services, vendorId),
    domains: {
      subdomain: v.subdomain,
      subdomain_url: `https://${v.subdomain}.${services.config.platformDomain}/`,
      path_url: `/vendors/${v.vendor_code}/shop/`,
      custom_domains: domains.items,
    },
    payment_provider: { configured: false, provider: null, status: null },
  };
}

const deps = (services: Services): VendorDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });

/** PUT /settings/business-info's command (also the settings page's forms): `reset_to_company` clears every contact override. */
export async function saveBusinessInfo(
  services: Services,
  vendorId: number,
  body: Static<typeof BusinessInfoBody>,
  c: CommandContext,
): Promise<void> {
  const contact = body.reset_to_company ? Object.fromEntries(CONTACT_FIELDS.map((f) => [f, null])) : contactChanges(body);
  const changes = defined({
    ...contact,
    name: body.name?.trim(),
    description: body.description === undefined ? undefined : (blankToNull(body.description) ?? null),
  });
  await services.settle(await changeVendorProfile(deps(services), vendorId, changes, c));
}

/** PUT /settings/extmarket's command (also the settings page's form), after the rules a schema cannot say. */
export async function saveExtmarketSettings(
  services: Services,
  vendorId: number,
  body: Static<typeof ExtmarketBody>,
  c: CommandContext,
): Promise<void> {
  checkExtmarket(body);
  // Only the fields sent are changed; a feed address sent blank clears it.
  const changes: ExtmarketSettings = { ...body };
  for (const k of ['csv_url_fr', 'csv_url_en', 'csv_url_de'] as const) if (body[k] !== undefined) changes[k] = blankToNull(body[k]);
  await services.settle(await changeExtmarketSettings(deps(services), vendorId, changes, c));
}

/** PUT /settings/localization's command (also the settings page's form). */
export async function saveLocalization(
  services: Services,
  vendorId: number,
  body: Static<typeof LocalizationBody>,
  c: CommandContext,
): Promise<void> {
  await services.settle(await changeVendorProfile(deps(services), vendorId, defined(body), c));
}

/**
 * Vendor settings (SPEC.md 4.2). GET /settings answers every section: business info (own values,
 * the company's inherited ones and the effective ones), localization, extmarket, the stored
 * invoice settings, theme, domains; payment_provider answers its empty shape until billing exists.
 */
export function vendorSettingsRoutes(services: Services): Router {
  const api = new Api(services, 'vendor');
  const caller = vendorCaller;

  api.get(
    '/settings',
    {
      summary: 'Every settings section of the vendor',
      permission: 'settings.view',
      responses: { 200: VendorSettings },
    },
    async (ctx) => {
      ctx.body = await vendorSettings(services, caller(ctx).id);
    },
  );

  api.put(
    '/settings/business-info',
    {
      summary: "Change the vendor's name, description and contact overrides (or go back to the company's contact data)",
      permission: 'settings.edit',
      body: BusinessInfoBody,
      responses: { 200: SettingsAnswer },
    },
    async (ctx, { body }) => {
      const id = caller(ctx).id;
      await saveBusinessInfo(services, id, body, vendorCommandContext(ctx));
      const lang = requestLanguage(ctx);
      ctx.body = {
        message: t(lang, body.reset_to_company ? 'settings.business_info_reset' : 'settings.updated'),
        ...(await vendorSettings(services, id)),
      };
    },
  );

  api.put(
    '/settings/extmarket',
    {
      summary: 'Change the extmarket settings: feed URLs per language, default VAT rate, boost, delivery methods, preorder days',
      permission: 'settings.edit',
      body: ExtmarketBody,
      responses: { 200: SettingsAnswer },
    },
    async (ctx, { body }) => {
      const id = caller(ctx).id;
      await saveExtmarketSettings(services, id, body, vendorCommandContext(ctx));
      ctx.body = { message: t(requestLanguage(ctx), 'settings.updated'), ...(await vendorSettings(services, id)) };
    },
  );

  api.put(
    '/settings/localization',
    {
      summary: 'Change the dashboard and storefront languages and the storefront locale',
      permission: 'settings.edit',
      body: LocalizationBody,
      responses: { 200: SettingsAnswer },
    },
    async (ctx, { body }) => {
      const id = caller(ctx).id;
      await saveLocalization(services, id, body, vendorCommandContext(ctx));
      ctx.body = { message: t(requestLanguage(ctx), 'settings.updated'), ...(await vendorSettings(services, id)) };
    },
  );

  return api.router;
}
