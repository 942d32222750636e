// jest globalSetup and globalTeardown: every test run writes its temporary files (cdk8s's Testing.app()
// outdirs, the apps of the packed-package test, …) into one folder of its own, and removes it at the end,
// so that a run leaves nothing in the system's temporary directory. The workers inherit TMPDIR.
const fs = require('fs');
const os = require('os');
const path = require('path');

const KEY = 'CDK8S_ARGO_ROLLOUTS_TEST_TMPDIR';

async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-argo-rollouts-test-'));
  process.env[KEY] = dir;
  process.env.TMPDIR = dir;
}

async function teardown() {
  const dir = process.env[KEY];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

module.exports = { setup, teardown };
