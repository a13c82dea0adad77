import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that are short but run long: the shards of a long suite, whose body lives in a support
 * module (tests/api/isolation/run.ts, tests/e2e/support/sweep.ts).
 */
const LONG = [/tests\/api\/isolation-cases-\d+\.test\.ts$/, /tests\/e2e\/accessibility-\w+\.test\.ts$/];

/**
 * Vitest's order (earlier durations when it has them, else larger files first), with the shards
 * of long suites first within their project: on a fresh clone, with no durations yet, their
 * small size would otherwise start them last and leave one worker busy after the others are done.
 */
export class LongShardsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (spec: TestSpecification) => (LONG.some((pattern) => pattern.test(spec.moduleId)) ? 0 : 1);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}
