import Router from '@koa/router';
import { Type } from '@sinclair/typebox';
import {
  changeUserPassword,
  changeUserProfile,
  changeUserRole,
  createUser,
  deleteUser,
  setUserActive,
  type UserDeps,
} from '../../../commands/users/handlers.ts';
import { getUser } from '../../../queries/users/getUser.ts';
import { listUsers, searchUsers, USER_SORTS, type UserSort } from '../../../queries/users/listUsers.ts';
import {
  CannotModifySelfException,
  UserAlreadyExistsException,
  UserNotFoundException,
  UserOwnershipException,
} from '../../../commands/users/errors.ts';
import type { Services } from '../../runtime/services.ts';
import { Api } from '../api.ts';
import { commandContext, adminCaller } from '../auth.ts';
import { Message, Nullable, Page, rowFields } from '../responses.ts';
import { UserListRow } from '../../../projections/users/userList.ts';
import { Email, IdParams, Language, PageQuery, SortQuery } from '../validation.ts';

const Role = Type.Union([Type.Literal('admin'), Type.Literal('vendor')]);
const Username = Type.String({ minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9_.-]+$' });
const Name = Type.Union([Type.String({ maxLength: 100 }), Type.Null()]);

export const UserCreate = Type.Object(
  {
    email: Email,
    username: Username,
    password: Type.String({ minLength: 10, maxLength: 1024 }),
    role: Type.Optional(Role),
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    preferred_language: Type.Optional(Language),
  },
  { $id: 'UserCreate', additionalProperties: false },
);

export const UserUpdate = Type.Object(
  {
    email: Type.Optional(Email),
    username: Type.Optional(Username),
    role: Type.Optional(Role),
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    preferred_language: Type.Optional(Language),
    /** An admin-set password; the user must change it at the next sign-in. */
    password: Type.Optional(Type.String({ minLength: 10, maxLength: 1024 })),
  },
  { $id: 'UserUpdate', additionalProperties: false, minProperties: 1 },
);

/** A platform user as the admin user list and detail show it (UserListItem of queries/users). */
const UserItem = Type.Object(
  {
    ...rowFields(UserListRow, [
      'id',
      'email',
      'username',
      'role',
      'first_name',
      'last_name',
      'is_active',
      'must_change_password',
      'created_at',
      'updated_at',
    ]),
    full_name: Nullable(Type.String()),
    preferred_language: Language,
  },
  { $id: 'UserItem' },
);

/** UserDetailResponse: the user and the counts of what they own or belong to. */
const UserDetail = Type.Composite(
  [
    UserItem,
    Type.Object({
      counts: Type.Record(Type.String(), Type.Integer(), {
        description: 'Related records per kind (companies owned, vendor memberships…)',
      }),
    }),
  ],
  { $id: 'UserDetailResponse' },
);

const ListQuery = Type.Object({
  ...PageQuery,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  role: Type.Optional(Role),
  is_active: Type.Optional(Type.Boolean()),
  sort: SortQuery(Object.keys(USER_SORTS) as UserSort[], 'id (default), created_at, email or username; a leading - sorts descending'),
  /** Count every match: `total` is otherwise exact up to 1,000 matches and estimated above. */
  exact_total: Type.Optional(Type.Boolean()),
});

const StatusBody = Type.Object({ is_active: Type.Optional(Type.Boolean()) }, { $id: 'UserStatusUpdate', additionalProperties: false });

/**
 * Checks run before a user is deleted (SPEC.md 4.1 "an ownership check applies"). Areas that own
 * records add theirs (the tenancy area refuses to delete a company owner).
 */
export const deletionGuards: ((services: Services, userId: number) => Promise<void>)[] = [];

const UserSearchItem = Type.Object(rowFields(UserListRow, ['id', 'email', 'username', 'role']), { $id: 'UserSearchItem' });

/** SPEC.md 4.1 users: list, autocomplete search, create, detail, update, status, delete. */
export function adminUserRoutes(services: Services): Router {
  const api = new Api(services, 'admin');
  const deps = (): UserDeps => ({ store: services.store, db: services.db.knex, clock: services.clock });

  api.get(
    '/users',
    {
      summary: 'Users, searched, filtered and sorted (UserListResponse)',
      query: ListQuery,
      responses: {
        200: Page(
          UserItem,
          { total_exact: Type.Boolean({ description: 'False when total is an estimate (over 1,000 matches, exact_total not asked)' }) },
          'UserListResponse',
        ),
      },
    },
    async (ctx, { query }) => {
      const { search, role, is_active, sort, exact_total } = query;
      ctx.body = await listUsers(
        services.db.knex,
        { search, role, is_active },
        { page: query.page ?? 1, limit: query.limit ?? 20 },
        { sort, exactTotal: exact_total },
      );
    },
  );

  // Static route before /users/:id.
  api.get(
    '/users/search',
    {
      summary: 'Autocomplete: the first users whose e-mail or username starts with q',
      query: Type.Object({
        q: Type.String({ minLength: 1, maxLength: 100 }),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
      }),
      responses: { 200: Type.Object({ items: Type.Array(UserSearchItem) }, { $id: 'UserSearchResponse' }) },
    },
    async (ctx, { query }) => {
      ctx.body = { items: await searchUsers(services.db.knex, query.q, query.limit ?? 10) };
    },
  );

  api.post(
    '/users',
    {
      summary: 'Create a user (an admin unless role says vendor)',
      body: UserCreate,
      responses: { 201: UserDetail },
      errors: [UserAlreadyExistsException],
    },
    async (ctx, { body }) => {
      const { id, done } = await createUser(deps(), { ...body, role: body.role ?? 'admin' }, commandContext(ctx, adminCaller(ctx).id));
      await services.settle(done);
      ctx.status = 201;
      ctx.body = await getUser(services.db.knex, id);
    },
  );

  api.get(
    '/users/:id',
    {
      summary: 'A user with the counts of related records (UserDetailResponse)',
      params: IdParams,
      responses: { 200: UserDetail },
      errors: [UserNotFoundException],
    },
    async (ctx, { params }) => {
      ctx.body = await getUser(services.db.knex, params.id);
    },
  );

  api.put(
    '/users/:id',
    {
      summary: "Change a user's profile, role or password (an admin-set password must be changed at the next sign-in)",
      params: IdParams,
      body: UserUpdate,
      responses: { 200: UserDetail },
      errors: [UserNotFoundException, UserAlreadyExistsException, CannotModifySelfException],
    },
    async (ctx, { params, body }) => {
      const { role, password, ...profile } = body;
      const c = commandContext(ctx, adminCaller(ctx).id);
      if (role !== undefined && params.id === adminCaller(ctx).id && role !== 'admin') {
        throw new CannotModifySelfException('You cannot remove your own administrator role');
      }
      const done = [];
      if (Object.keys(profile).length > 0) done.push(...(await changeUserProfile(deps(), params.id, profile, c)));
      if (role !== undefined) done.push(...(await changeUserRole(deps(), params.id, role, c)));
      if (password !== undefined) done.push(...(await changeUserPassword(deps(), params.id, password, true, c)));
      await services.settle(done);
      ctx.body = await getUser(services.db.knex, params.id);
    },
  );

  api.put(
    '/users/:id/status',
    {
      summary: 'Toggle the active flag, or set it when the body says is_active',
      params: IdParams,
      body: StatusBody,
      responses: { 200: UserDetail },
      errors: [UserNotFoundException, CannotModifySelfException],
    },
    async (ctx, { params, body }) => {
      if (params.id === adminCaller(ctx).id) throw new CannotModifySelfException('You cannot change your own status');
      const current = await getUser(services.db.knex, params.id);
      const active = body.is_active ?? !current.is_active;
      await services.settle(await setUserActive(deps(), params.id, active, commandContext(ctx, adminCaller(ctx).id)));
      ctx.body = await getUser(services.db.knex, params.id);
    },
  );

  api.delete(
    '/users/:id',
    {
      summary: 'Delete a user (never oneself, never the last active admin, never a company owner)',
      params: IdParams,
      responses: { 200: Message },
      errors: [UserNotFoundException, CannotModifySelfException, UserOwnershipException],
    },
    async (ctx, { params }) => {
      if (params.id === adminCaller(ctx).id) throw new CannotModifySelfException('You cannot delete your own account');
      const target = await getUser(services.db.knex, params.id);
      if (target.role === 'admin' && target.is_active) {
        const others = await services.db
          .knex('user_list')
          .where({ role: 'admin', is_active: true })
          .whereNot('id', params.id)
          .count({ n: '*' });
        if (Number(others[0].n) === 0) throw new UserOwnershipException('The last active administrator cannot be deleted');
      }
      for (const guard of deletionGuards) await guard(services, params.id);
      await services.settle(await deleteUser(deps(), params.id, commandContext(ctx, adminCaller(ctx).id)));
      ctx.body = { message: `User ${params.id} deleted`, id: params.id };
    },
  );

  return api.router;
}
