// The auth module's public interface: the session middleware, account lifecycle steps and user reads (routes are mounted from app.ts).
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
