import { post } from '../../dataProvider/axios';
import type { Job } from '../../schemas/api/job';

/** Staff actions on one job; the list itself goes through the Refine data provider (/api/jobs/list). */
export const retryJob = (id: number) => post<Job>(`/api/jobs/${id}/retry`);
export const cancelJob = (id: number) => post<Job>(`/api/jobs/${id}/cancel`);
