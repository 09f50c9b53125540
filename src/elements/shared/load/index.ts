/**
 * Loading and failure, the same in every area: a loadable store
 * (src/stores/loadable.ts), `<zx-skeleton>` while waiting, `<zx-load-error>`
 * with a retry after a failure, and `LoadGate` choosing between them.
 * See README.md in this folder.
 */
export { LoadGate, LoadFailure, failureDetail, type LoadGateProps } from './load-gate'
export { useLoadable } from './use-loadable'
export { Skeleton, skeletonCss, type SkeletonProps } from './skeleton'
export { LoadError, loadErrorCss, type LoadErrorProps } from './load-error'
