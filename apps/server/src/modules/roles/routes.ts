import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import * as roles from './service.ts';

/** Admin roles and the permission matrix (issue 19, decision 042); every call but `mine` is the super admin's. */
export function roleRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;
  defineCall(app, deps, '/api/admin/roles/mine', admin, ({ auth }) => roles.myRole(deps, auth.subjectId));
  defineCall(app, deps, '/api/admin/roles/list', admin, () => roles.listRoles(deps));
  defineCall(app, deps, '/api/admin/roles/create', admin, ({ actor, body }) => roles.createRole(deps, actor, body.name, body.permissions));
  defineCall(app, deps, '/api/admin/roles/update', admin, ({ actor, body }) =>
    roles.updateRole(deps, actor, BigInt(body.role_id), body.name, body.permissions),
  );
  defineCall(app, deps, '/api/admin/roles/delete', admin, ({ actor, body }) => roles.deleteRole(deps, actor, BigInt(body.role_id)));
  defineCall(app, deps, '/api/admin/roles/admins/list', admin, () => roles.listAdmins(deps));
  defineCall(app, deps, '/api/admin/roles/assign', admin, ({ actor, body }) => roles.assignRole(deps, actor, BigInt(body.admin_id), BigInt(body.role_id)));
}
