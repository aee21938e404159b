import type { JointReleaseSpec } from './jointRelease';

/** Cells of a kng-joint release job: one chain each (apart from jointRelease.ts, so the page loads no sampler). */
export const jointReleaseCellCount = (spec: JointReleaseSpec): number => spec.joint.m;
