// jest setupFilesAfterEnv: the warnings the rules print at synth ("Warning: Rollout demo/web has a
// warning of the Argo Rollouts rules ...") stay out of the test log. Many tests synthesize apps that
// warn on purpose; the tests of the warnings themselves capture standard error (stderrOf in
// test/util.ts spies on process.stderr.write, which replaces this filter while it runs). Anything
// else written to standard error passes.
//
// The stream is the worker's own, shared by every test file the worker runs: the filter is installed
// once (a filter per file would wrap the one before and keep every file's modules alive).
const stream = process.stderr;
const INSTALLED = Symbol.for('cdk8s-argo-rollouts.quiet-warnings');
if (!stream[INSTALLED]) {
  const write = stream.write;
  const WARNING = /^Warning: \S+ \S+ has (a|\d+) warnings? of the Argo Rollouts rules/;
  stream.write = function quietWarnings(chunk, ...rest) {
    const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? new TextDecoder().decode(chunk) : '';
    if (WARNING.test(text)) {
      const callback = rest.find(r => typeof r === 'function');
      if (callback) callback();
      return true;
    }
    return write.call(stream, chunk, ...rest);
  };
  stream[INSTALLED] = true;
}
