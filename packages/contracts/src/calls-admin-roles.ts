import { z } from 'zod';
import { emptyBody, text } from './common.ts';

/**
 * Permission areas of the admin back office (decision 042). Every admin call belongs to one by
 * its path (the server's modules/roles/areas.ts); 'roles' (this screen) is the super admin's alone
 * and is not part of the matrix.
 */
export const ADMIN_AREAS = ['dashboard', 'members', 'cash', 'content', 'games', 'statistics', 'settings', 'audit'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number] | 'roles';
export const AREA_LEVELS = ['none', 'read', 'write'] as const;
export type AreaLevel = (typeof AREA_LEVELS)[number];

/** A level per area; an area left out is 'none'. */
export const areaPermissions = z.partialRecord(z.enum(ADMIN_AREAS), z.enum(AREA_LEVELS));
export type AreaPermissions = z.infer<typeof areaPermissions>;

export const adminRole = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  is_builtin: z.boolean(),
  /** The super admin: every area and the roles screen; its matrix cannot be edited. */
  is_super: z.boolean(),
  permissions: areaPermissions,
  admin_count: z.number(),
});
export type AdminRole = z.infer<typeof adminRole>;

export const adminAccount = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  is_active: z.boolean(),
  role_id: z.number(),
  role_name: z.string(),
  /** Has a second factor (decision 050); the super admin can reset it. */
  two_factor: z.boolean(),
});
export type AdminAccount = z.infer<typeof adminAccount>;

const roleName = text.trim().min(1).max(40);
const day = text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/** One audit row as a person reads it: who (by account), what, to whom, before and after. */
export const auditEntry = z.object({
  id: z.number(),
  actor_type: z.string(),
  actor_id: z.number().nullable(),
  /** The actor's account (an admin's or a member's); null for the system. */
  actor_name: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** The target member's account when the target is `user:<id>`. */
  target_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
const id = z.number().int().positive();

export const adminRoleCalls = {
  /** The caller's own role and levels (the menu hides what it cannot use). */
  '/api/admin/roles/mine': {
    body: emptyBody,
    data: z.object({ role: z.object({ id: z.number(), code: z.string(), name: z.string() }), is_super: z.boolean(), permissions: areaPermissions }),
  },
  '/api/admin/roles/list': { body: emptyBody, data: z.object({ roles: z.array(adminRole) }) },
  /** A custom role with its levels. */
  '/api/admin/roles/create': { body: z.object({ name: roleName, permissions: areaPermissions }), data: z.object({ id: z.number() }) },
  /** A role's name and levels (not the super admin's). */
  '/api/admin/roles/update': {
    body: z.object({ role_id: id, name: roleName.optional(), permissions: areaPermissions }),
    data: z.object({ ok: z.literal(true) }),
  },
  /** A custom role nobody holds. */
  '/api/admin/roles/delete': { body: z.object({ role_id: id }), data: z.object({ ok: z.literal(true) }) },
  '/api/admin/roles/admins/list': { body: emptyBody, data: z.object({ rows: z.array(adminAccount) }) },
  /**
   * The audit log filtered by actor (its account), target (`user:42`, or a member's account), action
   * (a prefix: `member.` for every member change) and KST days, newest first, 20 a page.
   */
  '/api/admin/audit/search': {
    body: z
      .object({
        actor: text.trim().max(40).optional(),
        target: text.trim().max(80).optional(),
        action: text.trim().max(60).optional(),
        from: day.optional(),
        to: day.optional(),
        skip: z.number().int().min(0).max(1_000_000).default(0),
      })
      .optional(),
    data: z.object({ rows: z.array(auditEntry), total: z.number() }),
  },
  /** Gives an admin a role; an admin cannot change its own. */
  '/api/admin/roles/assign': { body: z.object({ admin_id: id, role_id: id }), data: z.object({ ok: z.literal(true) }) },
};
