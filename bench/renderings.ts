// Renderings per synth, part of `npm run bench`: every example app synthesized once (`app.synthYaml()`),
// counting how often each object is rendered (`toJson()`). Target: the library's own objects once each;
// objects the app makes itself that a check reads (a ResourceQuota, an HPA, a Service or router object of
// its own) are rendered once more for the check, and an Argo CD Application renders the charts it deploys.
import { ApiObject, Testing } from 'cdk8s';
import { EXAMPLES } from '../examples';
import { OnePassApiObject } from '../src/private/one-pass-api-object';

export function renderingsPerSynth(): void {
  const counts = new Map<ApiObject, number>();
  const count = (proto: { toJson(): unknown }) => {
    const render = proto.toJson;
    proto.toJson = function (this: ApiObject) {
      counts.set(this, (counts.get(this) ?? 0) + 1);
      return render.call(this);
    };
    return () => (proto.toJson = render);
  };
  const restore = [count(OnePassApiObject.prototype), count(ApiObject.prototype)];
  let objects = 0;
  let renderings = 0;
  const again: string[] = [];
  try {
    for (const example of EXAMPLES) {
      counts.clear();
      const app = Testing.app();
      example.define(app);
      app.synthYaml();
      objects += counts.size;
      // (not instanceof: cdk8s makes that true of every ApiObject)
      for (const [object, n] of counts) {
        renderings += n;
        if (n > 1) again.push(`${example.name}: ${object.kind} ${object.node.path}${OnePassApiObject.prototype.isPrototypeOf(object) ? '' : ' (the app\'s own)'} ×${n}`);
      }
    }
  } finally {
    restore.forEach(r => r());
  }
  const ours = again.filter(a => !a.includes('(the app\'s own)'));
  console.log(`renderings per synth, ${EXAMPLES.length} example apps: ${renderings} renderings of ${objects} objects; `
    + `the library's objects rendered more than once: ${ours.length} (target 0) ${ours.length === 0 ? 'met' : 'MISSED'}`
    + (again.length > 0 ? `; rendered again: ${again.join(', ')}` : ''));
}
