/**
 * One synth of an app, as the library's checks see it: the rule engine runs once over the objects of
 * the chart being synthesized, not once per object between renderings.
 *
 * Every way cdk8s synthesizes (`App.synth()`, `App.synthYaml()`, `chart.toJson()`,
 * `Testing.synth(chart)`) validates the whole app and then renders the objects of one chart (`App.synth`
 * validates once more per chart). The app's root carries a validation that opens a pass each time: one
 * walk of the tree finds the objects the library checks (the constructs register themselves; the walk
 * keeps those still in the tree). The first such object rendered afterwards starts the pass's batch:
 * the checked objects of its chart. Each rendering of one of them records the object's manifests (its
 * own, rendered by cdk8s, and those of the objects it refers to); when the last one is recorded the
 * engine runs once over all of them and each construct gets its own findings, with the same messages
 * as a check of the object alone. A pass holds one batch.
 *
 * When no batch applies (a rendering outside a synth: `ApiObject.of(x).toJson()`; an object of
 * another chart; an object rendered again after its batch ran), the object is checked alone, as it is
 * rendered. Nothing rendered is ever reused: the engine reads the very manifests cdk8s writes, so a
 * change made between two synths shows in the second.
 *
 * A batch that cdk8s does not finish (an error while rendering stopped the synth) is dropped when the
 * next pass opens: its objects are rendered again in that synth, and checked then, as they are then.
 * cdk8s gives no signal when a synth ends, so one case stays open: after the synth of a chart that holds
 * none of the library's objects, a rendering by hand of an object of another chart (`toJson()` called
 * directly) starts a batch that nothing finishes; that object is checked when its chart is synthesized.
 */
import { ApiObject, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { AppRegistry, AppSlot } from './app-registry';
import { VersionFacts } from './versions';

/** What the check of a construct reads: its own manifest first, then those of the objects it refers to. */
export interface SynthCheckEntry {
  /** The construct (its path names it; its app and chart hold the settings of the check). */
  readonly scope: IConstruct;
  /** The construct in messages, e.g. `Rollout demo/web`. */
  readonly subject: string;
  /** Its own manifest first, then those of the objects it refers to. */
  readonly manifests: readonly object[];
  /** Which findings concern it, document indexes relative to `manifests`. @default - those on its own manifest */
  readonly keep?: (finding: { readonly ruleId: string; readonly documentIndex: number }) => boolean;
}

/**
 * An object a check reads besides the construct's own: a manifest, or an ApiObject of the app, which a
 * synth's batch takes from that synth's rendering of it (see `SynthPass`) and a check alone renders.
 */
export type RelatedObject = object | ApiObject;

/** A `SynthCheckEntry` as a rendering hands it over: the related objects not rendered yet. */
export interface SynthCheckRequest extends Omit<SynthCheckEntry, 'manifests'> {
  /** The construct's own manifest, as written. */
  readonly own: object;
  readonly related: readonly RelatedObject[];
}

/** The manifests of a request, its related ApiObjects rendered by `render`. */
export function manifestsOf(request: SynthCheckRequest, render: (o: ApiObject) => object = o => o.toJson()): SynthCheckEntry {
  const { own, related, ...rest } = request;
  return { ...rest, manifests: [own, ...related.map(r => (ApiObject.isApiObject(r) ? render(r) : r))] };
}

/** Runs the rule engine over the entries of a batch at once (the validation layer's, passed down). */
export type SynthBatchCheck = (entries: readonly SynthCheckEntry[], release: VersionFacts) => void;

/** A checked object: its ApiObject, and the check that runs its batch. */
interface CheckedObject {
  readonly apiObject: ApiObject;
  readonly check: SynthBatchCheck;
}

const CHECKED = new AppSlot<CheckedObject>('checked-objects');

/** The open pass of each app (by root). */
const PASSES = new WeakMap<IConstruct, SynthPass>();

/** The objects of the chart being synthesized that the library checks, and what their renderings recorded. */
interface Batch {
  readonly chart: Chart;
  readonly expected: ReadonlyMap<ApiObject, CheckedObject>;
  readonly recorded: Map<ApiObject, SynthCheckRequest>;
  /** The library's objects of the chart (see `SynthPass.track`): the batch runs once all are rendered. */
  readonly objects: ReadonlySet<ApiObject>;
  /** How many of `objects` are rendered. */
  rendered: number;
  /** The release the batch is checked against (the app's). */
  readonly release: VersionFacts;
}

/**
 * Marks the library's objects: they tell the pass when they are rendered (see `SynthPass.rendered`).
 * A property rather than a WeakSet: marking thousands of objects per synth cost a WeakSet 4 ms.
 */
const TRACKED = Symbol.for('cdk8s-argo-rollouts.synth-pass.tracked');

/** Whether `track` marked the object. */
function tracked(apiObject: ApiObject): boolean {
  return (apiObject as unknown as { [TRACKED]?: boolean })[TRACKED] === true;
}

/** The ApiObjects under `root`, in the order of the tree. */
function walk(root: IConstruct): ApiObject[] {
  return root.node.findAll().filter((c): c is ApiObject => ApiObject.isApiObject(c));
}

/** See the module's comment. */
export class SynthPass {
  /**
   * Registers an object the library checks at synth (once, at construction), and the root's
   * validation that opens a pass at every synth of its app.
   */
  public static register(apiObject: ApiObject, check: SynthBatchCheck): void {
    SynthPass.enable(apiObject);
    AppRegistry.of(apiObject).add(CHECKED, { apiObject, check });
  }

  /** Adds the root's validation that opens a pass at every synth of `scope`'s app (once per app). */
  public static enable(scope: IConstruct): void {
    AppRegistry.of(scope).once('synth-pass', root => root.node.addValidation({ validate: () => SynthPass.open(root) }));
  }

  /**
   * The ApiObjects of `scope`'s app, in the order of the tree: the walk of the synth's pass while it
   * checks its batch (one walk per synth, shared by every check that looks at the app's objects);
   * outside a synth, a walk of its own (the tree may have changed since the last one).
   */
  public static objects(scope: IConstruct): readonly ApiObject[] {
    const root = scope.node.root;
    const pass = PASSES.get(root);
    return pass !== undefined && !pass.done ? pass.apiObjects : walk(root);
  }

  /**
   * The ApiObjects of `scope`'s app of the given kinds (see `objects`); within a synth, found once for
   * each set of kinds (pass the same set each time), however many Rollouts ask.
   */
  public static objectsOfKinds(scope: IConstruct, kinds: ReadonlySet<string>): readonly ApiObject[] {
    const pass = PASSES.get(scope.node.root);
    if (pass === undefined || pass.done) {
      return SynthPass.objects(scope).filter(o => kinds.has(o.kind));
    }
    let found = pass.byKinds.get(kinds);
    if (found === undefined) {
      found = pass.apiObjects.filter(o => kinds.has(o.kind));
      pass.byKinds.set(kinds, found);
    }
    return found;
  }

  /**
   * Hands the pass of `apiObject`'s app the entry its rendering made. True when the batch takes it
   * (it is checked with the batch); false when the caller must check it alone, now.
   *
   * @param release the release to check against (the app's)
   */
  public static record(apiObject: ApiObject, request: SynthCheckRequest, release: VersionFacts): boolean {
    const pass = PASSES.get(apiObject.node.root);
    return pass !== undefined && pass.take(apiObject, request, release);
  }

  /** Marks an object of the library (at construction): it calls `rendered` each time it is rendered. */
  public static track(apiObject: ApiObject): void {
    (apiObject as unknown as { [TRACKED]?: boolean })[TRACKED] = true;
  }

  /**
   * Called by a tracked object with each rendering (the manifest cdk8s writes): within a synth, the
   * checks of its batch read this rendering instead of rendering the object again; the batch runs
   * once every tracked object of its chart is rendered. Must not change the manifest.
   */
  public static rendered(apiObject: ApiObject, manifest: object): void {
    const pass = PASSES.get(apiObject.node.root);
    if (pass === undefined || pass.done || pass.renderings.has(apiObject)) {
      return;
    }
    const batch = pass.batch;
    if (batch === undefined) {
      // before the batch starts: kept when a batch may need it (its chart has checked objects)
      if (pass.checkedCharts.has(Chart.of(apiObject))) {
        pass.renderings.set(apiObject, manifest);
      }
    } else if (batch.objects.has(apiObject)) {
      pass.renderings.set(apiObject, manifest);
      batch.rendered++;
      pass.flushIfComplete();
    }
  }

  /** Opens a pass for the app (cdk8s is validating it, a rendering follows), in place of the last one. */
  private static open(root: IConstruct): string[] {
    PASSES.set(root, new SynthPass(root));
    return [];
  }

  /** The app's ApiObjects (the pass's one walk of the tree). */
  private readonly apiObjects: readonly ApiObject[];
  /** The renderings of the library's objects in this synth (see `rendered`). */
  private readonly renderings = new Map<ApiObject, object>();
  /** `apiObjects` of some kinds (see `objectsOfKinds`). */
  private readonly byKinds = new Map<ReadonlySet<string>, readonly ApiObject[]>();
  /** The objects the library checks, still in the tree. */
  private readonly checked: CheckedObject[];
  /** The charts that hold some of them. */
  private readonly checkedCharts: ReadonlySet<Chart>;
  private batch: Batch | undefined;
  /** The pass has run its batch (or given it up): later renderings are checked alone. */
  private done = false;

  private constructor(root: IConstruct) {
    this.apiObjects = walk(root);
    const inTree = new Set<IConstruct>(this.apiObjects);
    this.checked = AppRegistry.of(root).list(CHECKED).filter(c => inTree.has(c.apiObject));
    this.checkedCharts = new Set(this.checked.map(c => Chart.of(c.apiObject)));
  }

  private take(apiObject: ApiObject, request: SynthCheckRequest, release: VersionFacts): boolean {
    if (this.done) {
      return false;
    }
    if (this.batch === undefined) {
      const chart = Chart.of(apiObject);
      const expected = new Map(this.checked.filter(c => Chart.of(c.apiObject) === chart).map(c => [c.apiObject, c]));
      if (!expected.has(apiObject)) {
        this.flush(); // no batch: the pass takes no more
        return false;
      }
      const objects = new Set(this.apiObjects.filter(o => tracked(o) && Chart.of(o) === chart));
      const rendered = [...objects].filter(o => this.renderings.has(o)).length;
      this.batch = { chart, expected, recorded: new Map(), objects, rendered, release };
    }
    const batch = this.batch;
    if (batch.recorded.has(apiObject)) {
      return true; // rendered again in this synth: its first rendering is checked
    }
    if (!batch.expected.has(apiObject)) {
      // not of this batch: the batch is checked as far as it got, and this object alone
      this.flush();
      return false;
    }
    batch.recorded.set(apiObject, request);
    // (the batch runs when this object's rendering is handed over, see `rendered`)
    return true;
  }

  /** Runs the batch once every checked object of the chart is recorded and every object of the library in it rendered. */
  private flushIfComplete(): void {
    const batch = this.batch;
    if (batch !== undefined && batch.recorded.size === batch.expected.size && batch.rendered === batch.objects.size) {
      this.flush();
    }
  }

  /** Checks what the batch recorded (once); the pass takes no more. */
  private flush(): void {
    const batch = this.batch;
    this.batch = undefined;
    this.done = true;
    if (batch === undefined || batch.recorded.size === 0) {
      this.renderings.clear();
      return;
    }
    // in the order cdk8s rendered them, which is the order the checks of single objects would have run in;
    // an object the checks read is taken from this synth's rendering of it, rendered now if it has none
    const renderings = this.renderings;
    const entries = [...batch.recorded.values()].map(request => manifestsOf(request, o => renderings.get(o) ?? o.toJson()));
    // what the pass held is the chart's output: not kept past the check
    this.renderings.clear();
    this.byKinds.clear();
    const check = batch.expected.get(batch.recorded.keys().next().value!)!.check;
    check(entries, batch.release);
  }
}
