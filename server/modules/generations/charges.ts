// Where generation jobs are paid for. The quota's helper plugs in with
// setGenerationCharges({reserve, settle, refund}); until then nothing is
// charged. The queue calls reserve once when the job is accepted, settle once
// when it succeeds and refund once when it fails or is cancelled: the job
// row's charge_state moves by compare-and-swap (store.moveCharge), so a
// refund can never happen twice, even with two instances and a sweeper.
import type { ServerContext } from '../../context.js';

export interface ChargeRequest {
  jobId: string;
  ownerId: string;
  kind: string;
  model: string;
  units: number;
}

export interface GenerationCharges {
  /** Reserves the cost; returns a reference to settle or refund later (null: nothing charged). Throw an ApiError (e.g. 429) to refuse. */
  reserve(ctx: ServerContext, request: ChargeRequest): Promise<string | null>;
  settle(ctx: ServerContext, reference: string): Promise<void>;
  refund(ctx: ServerContext, reference: string): Promise<void>;
}

const free: GenerationCharges = {
  reserve: async () => null,
  settle: async () => {},
  refund: async () => {},
};

let current: GenerationCharges = free;

export function setGenerationCharges(charges: GenerationCharges | null): void {
  current = charges ?? free;
}

export const generationCharges = (): GenerationCharges => current;
