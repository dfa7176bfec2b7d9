import type { AreaLevel, AreaPermissions } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { homeOf, type Sql } from '../../platform/db.ts';
import { changeCache } from '../../platform/change-cache.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { adminsWithTwoFactor } from '../auth/index.ts';
import { ADMIN_AREAS, areaOf, covers } from './areas.ts';
import * as repo from './repo.ts';

const SUPER = 'super';
type HeldRole = { id: bigint; code: string; name: string; permissions: Record<string, string> };
/** The role of an admin without a row: it may call nothing beyond its own session. */
const NO_ROLE_CODE = 'none';
const noRole = (): HeldRole => ({ id: 0n, code: NO_ROLE_CODE, name: '', permissions: {} });

/** Each admin's role, until any audited change (every role edit is one) drops it. */
const roleCache = changeCache<HeldRole>(60_000);

async function heldRole(deps: Deps, adminId: bigint): Promise<HeldRole> {
  return roleCache.get(homeOf(deps.db), String(adminId), Date.now(), async () => {
    const r = await repo.roleOfAdmin(deps.db, adminId);
    return { value: r ?? noRole(), member: null };
  });
}

export const permissionDenied = () => forbidden('Your admin role does not allow this.', 'permission_denied');

/**
 * The permission matrix, enforced for every admin call before its body is read (platform/http.ts
 * calls this through the guards): the call's area by its path, the caller's level for that area.
 * The super admin may call everything, including a call no rule classifies; nobody else may.
 */
export async function authorizeAdminCall(deps: Deps, adminId: bigint, path: string) {
  const need = areaOf(path);
  if (need?.area === 'self') return;
  const role = await heldRole(deps, adminId);
  if (role.code === SUPER) return;
  if (need && need.area !== 'roles' && covers(role.permissions[need.area] as AreaLevel | undefined, need.level)) return;
  throw permissionDenied();
}

/** Levels of the known areas only, 'none' left out (an unknown or empty level is refused by the contract). */
const cleanPermissions = (p: AreaPermissions) => Object.fromEntries(ADMIN_AREAS.filter((a) => p[a] && p[a] !== 'none').map((a) => [a, p[a] as string]));

const roleOut = (r: repo.RoleRow) => ({
  id: Number(r.id),
  code: r.code,
  name: r.name,
  is_builtin: r.is_builtin,
  is_super: r.code === SUPER,
  permissions: r.code === SUPER ? Object.fromEntries(ADMIN_AREAS.map((a) => [a, 'write' as const])) : (r.permissions as AreaPermissions),
  admin_count: r.admin_count,
});

export async function myRole(deps: Deps, adminId: bigint) {
  const r = await heldRole(deps, adminId);
  const isSuper = r.code === SUPER;
  return {
    role: { id: Number(r.id), code: r.code, name: r.name },
    is_super: isSuper,
    permissions: isSuper ? Object.fromEntries(ADMIN_AREAS.map((a) => [a, 'write' as const])) : (r.permissions as AreaPermissions),
  };
}

export async function listRoles(deps: Deps) {
  return { roles: (await repo.listRoles(deps.db)).map(roleOut) };
}

export async function createRole(deps: Deps, actor: Actor, name: string, permissions: AreaPermissions) {
  const perms = cleanPermissions(permissions);
  const id = await deps.db.tx(async (sql) => {
    const id = await repo.insertRole(sql, `custom-${deps.rng.bytes(6).toString('hex')}`, name, perms, deps.clock.now());
    await writeAudit(sql, deps.clock, { actor, action: 'admin_role.create', target: `admin_role:${id}`, after: { name, permissions: perms } });
    return id;
  });
  return { id: Number(id) };
}

async function lockEditable(sql: Sql, roleId: bigint) {
  const role = await repo.lockRole(sql, roleId);
  if (!role) throw notFound('Role not found.', 'admin_role_not_found');
  if (role.code === SUPER) throw badRequest('The super admin role holds every permission and cannot be changed.', 'role_id', 'admin_role_super');
  return role;
}

export async function updateRole(deps: Deps, actor: Actor, roleId: bigint, name: string | undefined, permissions: AreaPermissions) {
  const perms = cleanPermissions(permissions);
  await deps.db.tx(async (sql) => {
    const role = await lockEditable(sql, roleId);
    await repo.updateRole(sql, roleId, name ?? role.name, perms, deps.clock.now());
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'admin_role.update',
      target: `admin_role:${roleId}`,
      before: { name: role.name, permissions: role.permissions },
      after: { name: name ?? role.name, permissions: perms },
    });
  });
  return { ok: true as const };
}

export async function deleteRole(deps: Deps, actor: Actor, roleId: bigint) {
  await deps.db.tx(async (sql) => {
    const role = await lockEditable(sql, roleId);
    if (role.is_builtin) throw badRequest('A built-in role cannot be deleted.', 'role_id', 'admin_role_builtin');
    if ((await repo.countHolders(sql, roleId)) > 0) throw conflict('Admins still hold this role: give them another role first.', 'admin_role_in_use');
    await repo.deleteRole(sql, roleId);
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'admin_role.delete',
      target: `admin_role:${roleId}`,
      before: { name: role.name, permissions: role.permissions },
    });
  });
  return { ok: true as const };
}

export async function listAdmins(deps: Deps) {
  const rows = await repo.listAdmins(deps.db);
  const withTwoFactor = await adminsWithTwoFactor(
    deps,
    rows.map((a) => a.id),
  );
  return {
    rows: rows.map((a) => ({
      id: Number(a.id),
      account: a.account,
      nickname: a.nickname,
      is_active: a.is_active,
      role_id: Number(a.role_id),
      role_name: a.role_name,
      two_factor: withTwoFactor.has(String(a.id)),
    })),
  };
}

/** Gives an admin a role. Not one's own: the last super admin cannot demote itself by mistake. */
export async function assignRole(deps: Deps, actor: Actor, adminId: bigint, roleId: bigint) {
  if (actor.id !== undefined && actor.id !== null && BigInt(actor.id) === adminId)
    throw badRequest('You cannot change your own role.', 'admin_id', 'admin_role_self');
  await deps.db.tx(async (sql) => {
    const admin = await repo.lockAdmin(sql, adminId);
    if (!admin) throw notFound('Admin not found.', 'admin_not_found');
    const role = await repo.lockRole(sql, roleId);
    if (!role) throw notFound('Role not found.', 'admin_role_not_found');
    await repo.setAdminRole(sql, adminId, roleId);
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'admin_role.assign',
      target: `admin:${adminId}`,
      before: { role_id: admin.role_id },
      after: { role_id: roleId, role: role.name },
    });
  });
  return { ok: true as const };
}

/** The seed's and tests' way to give an admin a built-in role by its code. */
export async function setAdminRoleByCode(sql: Sql, adminId: bigint, code: string) {
  const roleId = await repo.findRoleByCode(sql, code);
  if (!roleId) throw notFound('Role not found.', 'admin_role_not_found');
  await repo.setAdminRole(sql, adminId, roleId);
}
