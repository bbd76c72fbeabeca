-- Finished jobs are deleted some time after they finished (server/jobs/finishedJobSweep.ts): each batch finds the
-- oldest of one finished state by this index; queued and running jobs (served by jobs_due_idx) are not in it.
create index jobs_finished_idx on jobs (state, updated_at) where state in ('done', 'failed');
