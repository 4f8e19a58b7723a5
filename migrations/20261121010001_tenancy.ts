import type { Knex } from 'knex';

/**
 * Tenancy read models: companies, vendors, vendor domains, teams, themes and the
 * platform settings. One statement per raw call (PGlite). Other areas read `vendor_list`
 * (id, vendor_code, name, company_id, is_active): that contract does not change in place.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE company_id_seq');
  await knex.raw('CREATE SEQUENCE vendor_id_seq');
  await knex.raw('CREATE SEQUENCE vendor_domain_id_seq');
  await knex.raw('CREATE SEQUENCE team_invitation_id_seq');

  // projections/vendors/vendorList.ts. Contact columns hold the vendor's own values: null = inherit.
  await knex.raw(`CREATE TABLE vendor_list (
    id                    integer PRIMARY KEY,
    vendor_code           text NOT NULL,
    subdomain             text NOT NULL,
    name                  text NOT NULL,
    description           text,
    company_id            integer NOT NULL,
    is_active             boolean NOT NULL,
    is_verified           boolean NOT NULL,
    verified_at           timestamptz,
    contact_email         text,
    contact_phone         text,
    website               text,
    business_address      text,
    tax_number            text,
    dashboard_language    text NOT NULL,
    storefront_language   text NOT NULL,
    storefront_languages  jsonb NOT NULL,
    storefront_locale     text,
    extmarket_vendor_id   text,
    extmarket_vendor_slug text,
    extmarket_settings    jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at            timestamptz NOT NULL,
    updated_at            timestamptz NOT NULL
  )`);
  await knex.raw('CREATE UNIQUE INDEX vendor_list_code ON vendor_list (vendor_code)');
  await knex.raw('CREATE UNIQUE INDEX vendor_list_subdomain ON vendor_list (subdomain)');
  await knex.raw('CREATE INDEX vendor_list_company ON vendor_list (company_id)');

  // projections/companies/companyList.ts
  await knex.raw(`CREATE TABLE company_list (
    id               integer PRIMARY KEY,
    name             text NOT NULL,
    description      text,
    owner_user_id    integer NOT NULL,
    contact_email    text,
    contact_phone    text,
    website          text,
    business_address text,
    tax_number       text,
    is_active        boolean NOT NULL,
    is_verified      boolean NOT NULL,
    vendor_count     integer NOT NULL DEFAULT 0,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL
  )`);
  await knex.raw('CREATE INDEX company_list_owner ON company_list (owner_user_id)');

  // projections/vendors/vendorDomains.ts
  await knex.raw(`CREATE TABLE vendor_domains (
    id                  integer PRIMARY KEY,
    vendor_id           integer NOT NULL,
    domain              text NOT NULL,
    is_primary          boolean NOT NULL,
    is_active           boolean NOT NULL,
    verification_status text NOT NULL,
    verification_token  text NOT NULL,
    verified_at         timestamptz,
    last_checked_at     timestamptz,
    last_error          text,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
  )`);
  await knex.raw('CREATE UNIQUE INDEX vendor_domains_domain ON vendor_domains (domain)');
  await knex.raw('CREATE INDEX vendor_domains_vendor ON vendor_domains (vendor_id)');

  // projections/team/vendorTeamMembers.ts
  await knex.raw(`CREATE TABLE vendor_team_members (
    vendor_id   integer NOT NULL,
    user_id     integer NOT NULL,
    role        text NOT NULL,
    permissions jsonb NOT NULL,
    is_active   boolean NOT NULL,
    invited_by  integer,
    joined_at   timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    PRIMARY KEY (vendor_id, user_id)
  )`);
  await knex.raw('CREATE INDEX vendor_team_members_user ON vendor_team_members (user_id)');

  // projections/team/vendorTeamInvitations.ts. Only the SHA-256 of the invitation secret is kept.
  await knex.raw(`CREATE TABLE vendor_team_invitations (
    id               integer PRIMARY KEY,
    vendor_id        integer NOT NULL,
    email            text NOT NULL,
    role             text NOT NULL,
    permissions      jsonb NOT NULL,
    token_hash       text NOT NULL,
    status           text NOT NULL,
    invited_by       integer,
    expires_at       timestamptz NOT NULL,
    accepted_user_id integer,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL
  )`);
  await knex.raw('CREATE UNIQUE INDEX vendor_team_invitations_token ON vendor_team_invitations (token_hash)');
  await knex.raw('CREATE INDEX vendor_team_invitations_vendor ON vendor_team_invitations (vendor_id, status)');

  // projections/themes/vendorThemes.ts
  await knex.raw(`CREATE TABLE vendor_themes (
    vendor_id   integer PRIMARY KEY,
    theme_name  text NOT NULL,
    colors      jsonb NOT NULL,
    fonts       jsonb NOT NULL,
    layout      jsonb NOT NULL,
    branding    jsonb NOT NULL,
    custom_css  text,
    updated_at  timestamptz NOT NULL
  )`);

  // projections/settings/platformSettings.ts: admin-editable platform settings (locale, currency).
  await knex.raw(`CREATE TABLE platform_settings (
    key        text PRIMARY KEY,
    value      jsonb NOT NULL,
    updated_at timestamptz NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'platform_settings',
    'vendor_themes',
    'vendor_team_invitations',
    'vendor_team_members',
    'vendor_domains',
    'company_list',
    'vendor_list',
  ]) {
    await knex.raw(`DROP TABLE ${table}`);
  }
  for (const seq of ['team_invitation_id_seq', 'vendor_domain_id_seq', 'vendor_id_seq', 'company_id_seq'])
    await knex.raw(`DROP SEQUENCE ${seq}`);
}
