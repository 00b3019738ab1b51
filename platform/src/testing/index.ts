// Test-only entry of @planwerk/events (excluded from the package build, like every `testing/`
// folder): the contract suites each adapter of a port runs. Import it by path from specs.
export * from '../store/testing';
export { describeProjectionNotifierContract, type NotifierFixture } from '../pubsub/testing/projection-notifier.contract';
export { describeJobQueueContract } from '../jobs/testing/job-queue.contract';
