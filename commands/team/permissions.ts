/**
 * Vendor team roles and permissions (SPEC.md part 5 rule 5). The owner is not a stored role: the
 * user who owns the vendor's company is its owner and holds every permission. Team management
 * (invite, change a role, remove a member, cancel an invitation) is owner-only
 * (VendorOwnerOnlyException); everything else is checked against one permission of this list
 * (InsufficientVendorPermissionsException). Other areas guard their vendor routes with
 * `requireVendor(services, 'products.edit')` and the names below.
 */
export const PERMISSIONS = [
  'dashboard.view',
  'products.view',
  'products.create',
  'products.edit',
  'products.delete',
  'products.import',
  'products.export',
  'inventory.view',
  'inventory.edit',
  'inventory.import',
  'orders.view',
  'orders.edit',
  'orders.cancel',
  'orders.refund',
  'customers.view',
  'customers.edit',
  'customers.delete',
  'customers.export',
  'messages.view',
  'messages.send',
  'content.view',
  'content.edit',
  'invoices.view',
  'invoices.create',
  'reports.view',
  'reports.financial',
  'settings.view',
  'settings.edit',
  'settings.theme',
  'settings.domains',
  'billing.view',
  'billing.manage',
  'imports.view',
  'imports.create',
  'imports.cancel',
  'team.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (p: string): p is Permission => (PERMISSIONS as readonly string[]).includes(p);

/** Roles a member can be given. `custom` carries an explicit permission list. */
export const MEMBER_ROLES = ['manager', 'staff', 'support', 'viewer', 'marketing', 'custom'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const OWNER_ROLE = 'owner';

const all = (...prefixes: string[]) => PERMISSIONS.filter((p) => prefixes.some((x) => p.startsWith(`${x}.`)));

/** The permission presets of the member roles (a `custom` member has its own list). */
export const ROLE_PERMISSIONS: Record<Exclude<MemberRole, 'custom'>, readonly Permission[]> = {
  manager: PERMISSIONS.filter((p) => p !== 'billing.manage'),
  staff: [
    'dashboard.view',
    ...all('products'),
    'inventory.view',
    'inventory.edit',
    'orders.view',
    'orders.edit',
    'customers.view',
    'messages.view',
    'messages.send',
    'content.view',
    'imports.view',
  ] as Permission[],
  support: [
    'dashboard.view',
    'products.view',
    'orders.view',
    'orders.edit',
    'customers.view',
    'customers.edit',
    'messages.view',
    'messages.send',
    'content.view',
  ],
  viewer: [
    'dashboard.view',
    'products.view',
    'inventory.view',
    'orders.view',
    'customers.view',
    'messages.view',
    'content.view',
    'reports.view',
    'settings.view',
    'team.view',
    'imports.view',
  ],
  marketing: [
    'dashboard.view',
    'products.view',
    'customers.view',
    'customers.export',
    'content.view',
    'content.edit',
    'reports.view',
    'messages.view',
    'messages.send',
  ],
};

/** The permissions a member holds: the role's preset, or the explicit list of a custom role. */
export function permissionsOf(role: string, explicit: readonly string[] | null | undefined): Permission[] {
  if (role === OWNER_ROLE) return [...PERMISSIONS];
  if (role === 'custom') return [...new Set((explicit ?? []).filter(isPermission))];
  const preset = (ROLE_PERMISSIONS as Record<string, readonly Permission[]>)[role];
  return preset ? [...preset] : [];
}
