import type { Deps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo.ts';
import { removeFiles, URL_TTL_SECONDS } from './service.ts';

/** Files looked at per pass; the job runs again soon when a pass was full. */
const BATCH = 200;

/**
 * Expiry of unused uploads (issue 21, decision 051): a stored file older than
 * `settings.upload_quota.unattached_hours` that some content uses is marked attached (public for
 * good); one nothing uses is deleted. Rows no quota needs any more are dropped. Decided from the
 * database each pass, so a pass can stop anywhere.
 */
export async function sweepUploads(deps: Deps) {
  const { upload_quota } = await getSettings(deps.db);
  const at = deps.clock.now();
  const candidates = await repo.unattachedBefore(deps.db, new Date(at.getTime() - upload_quota.unattached_hours * 3_600_000), BATCH);
  const files = candidates.map((c) => c.file);
  const used = new Set(candidates.length ? await repo.referencedFiles(deps.db, files, candidates[0].created_at) : []);
  await repo.markAttached(deps.db, [...used], at);
  await removeFiles(
    deps,
    files.filter((f) => !used.has(f)),
    at,
  );
  // Deleted rows still count in the window quota; a day is longer than any window (at most 1440 minutes).
  await repo.dropSpent(deps.db, new Date(at.getTime() - 2 * URL_TTL_SECONDS * 1000), new Date(at.getTime() - 86_400_000));
  return { attached: used.size, deleted: files.length - used.size };
}

export const jobs = (deps: Deps): Job[] => [{ name: 'uploads-sweep', everyMs: 10 * 60_000, run: async () => void (await sweepUploads(deps)) }];
