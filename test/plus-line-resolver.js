// The switch that runs the suite on another cdk8s-plus line: with CDK8S_PLUS_LINE=NN (one of the lines of
// build-tools/plus-lines.js), every request for the base line's module, from the source and from the
// tests alike, loads cdk8s-plus-NN instead, as the variant package built for that line does. Unset, or set
// to the base line, it changes nothing.
const { lineFromEnvironment, lineRequest } = require('../build-tools/plus-lines');

const line = lineFromEnvironment(false);

module.exports = (request, options) => options.defaultResolver(lineRequest(request, line), options);
