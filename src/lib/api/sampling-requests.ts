/** Typed calls for sample requests: the buyer submits from the bag; each side moves a request through its states. */
import type { SampleRequestAction, SampleRequestSide } from '../contracts/sampling-requests-rules';
import type { SampleRequest, SampleRequestSubmitted } from '../contracts/sampling-requests';
import { api, type CallOptions } from './client';

const M = '/idealab-material';

export type SampleRequestSubmit = { itemIds: number[]; addressId: number; note: string };
export type SampleRequestMove = { id: number; reason?: string; carrier?: string; trackingNo?: string };

export const sampleRequestsApi = {
  /** One request per supplier; one Idempotency-Key per attempt answers the same requests again. */
  submit: (body: SampleRequestSubmit, idempotencyKey: string, options?: CallOptions) =>
    api.post<SampleRequestSubmitted>(`${M}/buyer/sample/apply/submit`, body, { silent: true, ...options, headers: { ...options?.headers, 'Idempotency-Key': idempotencyKey } }),
  /** The buyer's side (cancel, receive) and the supplier company's (accept, reject, ship) live under their own path. */
  move: (side: SampleRequestSide, action: SampleRequestAction, body: SampleRequestMove, options?: CallOptions) =>
    api.post<SampleRequest>(`${M}/${side}/sample/apply/${action}`, body, { silent: true, ...options }),
};
