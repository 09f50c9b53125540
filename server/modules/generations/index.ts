// What other areas use of the generation queue (docs/api/generations.md):
// register a kind of job, and read a job's result files.
export { registerGenerationKind, GenerationError, JobLostError } from './kinds.js';
export type { GenerationKindHandler, GenerationRequest, JobResult, JobTools, PreparedJob, RunningJob, StoredResultFile } from './kinds.js';
export { setGenerationCharges, type GenerationCharges, type ChargeRequest } from './charges.js';
export { ownResultFiles } from './service.js';
export { generateImagesAndWait, type FinishedImages } from './await-job.js';
export { configuredMediaBaseUrls, mediaModels, type ImageModel } from './media-models.js';
