// The auth module's public interface: its routes, the session middleware and account lifecycle steps.
export { promoteConfiguredAdmins, setUserActive } from './account-lifecycle.service.ts';
export {
  emailsOf,
  mailContactsOf,
  listUsers,
  lockAdmins,
  lockUser,
  setRole,
  userCounts,
  type UserItemRow,
} from './admin-users.repo.ts';
export { planOf, setRoleByEmails, type SessionUserRow } from './auth.repo.ts';
export { startAccountPurgeJob } from './purge-job.ts';
export { clientIp, loadSession, requireAdmin, requireUser } from './session.middleware.ts';
