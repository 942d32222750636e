/**
 * The state of the importer's code writers while they write one constructor body: the statements so
 * far, the references to templates the input does not hold, the plain constructs declared, and what
 * each object's L2 form leaves out (its gaps). The writers of the L2 calls (emit-rollout.ts,
 * emit-analysis.ts) write through it; model.ts decides what each object becomes.
 */
import { identifier, lit } from './code';
import { DEFAULT_CHART_ID, lineComment, patchCall } from './evaluate';
import { Addresses, Item, ReadInput, topOf } from './read';

/** An object the L2 API cannot declare: it is kept as a plain ApiObject, the message saying why. */
export class Demote extends Error {
}

/** The generator of one module. */
export class ModuleWriter {
  /** The statements that declare the install, when the input holds one (see `findInstall`). */
  public installStatements: string[] = [];
  /** The escape hatches of the install declaration. */
  public installNotes: string[] = [];
  /** The escape hatches of single objects of the install, by key. */
  public installObjectNotes = new Map<string, string[]>();
  /** The chart id the body runs in, and the module's app gives its chart. */
  public readonly chartId: string;
  /** Statements before everything else (the release). */
  public preamble: string[] = [];
  private readonly items: Item[];
  private readonly byKindName: Map<string, Item>;
  private statements: string[] = [];
  private refs = new Map<string, string>();
  private usedIds = new Set<string>();
  private reasons = new Map<Item, string[]>();
  /** The variables of the plain constructs that hold items (see `recognizeAddresses`), by path below the chart. */
  private readonly scopeVariables: Map<string, string>;
  /** The scopes the current body has declared. */
  private declaredScopes = new Set<string>();

  constructor(input: ReadInput, addresses: Addresses, private readonly chartName: string) {
    this.items = input.items;
    this.byKindName = input.byKindName;
    this.chartId = addresses.chartId ?? DEFAULT_CHART_ID;
    this.scopeVariables = addresses.scopeVariables;
  }

  public get all(): Item[] {
    return this.items;
  }

  /** Starts a constructor body: the preamble and the install, nothing referenced or declared yet. */
  public begin(): void {
    this.statements = [...this.preamble, ...this.installStatements];
    this.refs = new Map();
    this.reasons = new Map();
    this.declaredScopes = new Set();
    this.usedIds = new Set([...this.items.map(topOf), this.chartName]);
  }

  /** The statements of the body so far. */
  public get body(): string[] {
    return this.statements;
  }

  /** Adds statements to the body. */
  public write(...statements: string[]): void {
    this.statements.push(...statements);
  }

  /** Takes back the statements written after `mark` (a length of `body`). */
  public rollBack(mark: number): void {
    this.statements.length = mark;
  }

  /** The scope an item is declared in: `this`, or the variable of its innermost plain construct, declared here the first time. */
  public scopeOf(item: Item): string {
    let scope = 'this';
    item.scopes.forEach((id, i) => {
      const path = item.scopes.slice(0, i + 1).join('/');
      const variable = this.scopeVariables.get(path)!;
      if (!this.declaredScopes.has(path)) {
        this.declaredScopes.add(path);
        this.statements.push(`const ${variable} = new Construct(${scope}, ${lit(id)});`);
      }
      scope = variable;
    });
    return scope;
  }

  /** The item of the input of that kind and name. */
  public find(kind: string, name: unknown): Item | undefined {
    return typeof name === 'string' ? this.byKindName.get(`${kind}/${name}`) : undefined;
  }

  /** Notes what an item's L2 form leaves out. */
  public gap(item: Item, reason: string): void {
    const list_ = this.reasons.get(item) ?? [];
    if (!list_.includes(reason)) list_.push(reason);
    this.reasons.set(item, list_);
  }

  public reasonsOf(item: Item): string[] {
    return this.reasons.get(item) ?? [];
  }

  private freshId(base: string): string {
    let id = base;
    for (let i = 2; this.usedIds.has(id); i++) id = `${base}-${i}`;
    this.usedIds.add(id);
    return id;
  }

  /** A template reference: the template's variable, or a reference by name. */
  public template(name: unknown, cluster: boolean): string | undefined {
    if (typeof name !== 'string') return undefined;
    const item = this.find(cluster ? 'ClusterAnalysisTemplate' : 'AnalysisTemplate', name);
    if (item && item.level < 2) return item.variable;
    const refKey = `${cluster}/${name}`;
    let variable = this.refs.get(refKey);
    if (!variable) {
      variable = identifier(`${name}-ref`, 'template');
      const fn = cluster ? 'ClusterAnalysisTemplate.fromClusterAnalysisTemplateName' : 'AnalysisTemplate.fromAnalysisTemplateName';
      this.statements.push(lineComment(`'${name}' is not among the imported objects: referenced by name`));
      this.statements.push(`const ${variable} = ${fn}(this, ${lit(this.freshId(`${name}-ref`))}, ${lit(name)});`);
      this.refs.set(refKey, variable);
    }
    return variable;
  }

  /** Declares an item as a plain ApiObject, with a comment saying why. */
  public plain(item: Item, comment?: string): void {
    const scope = this.scopeOf(item);
    if (comment ?? item.plainBecause) this.statements.push(lineComment((comment ?? item.plainBecause)!));
    this.statements.push(`const ${item.variable} = new ApiObject(${scope}, ${lit(item.id)}, ${lit(item.manifest)});`);
  }

  /**
   * An object named by the API server (`generateName` and no `name`, as AnalysisRuns and Experiments
   * created with kubectl create are): the L2 constructs always name their object, so the name is
   * exchanged for the prefix.
   */
  public generatedName(item: Item): void {
    const prefix = item.manifest.metadata?.generateName;
    if (item.manifest.metadata?.name !== undefined || typeof prefix !== 'string') return;
    this.statements.push(lineComment('named by the API server from metadata.generateName (create it with kubectl create): '
      + 'the L2 construct always writes a name, exchanged here for the prefix'));
    this.statements.push(`ApiObject.of(${item.variable}).addJsonPatch(${patchCall({ op: 'remove', path: '/metadata/name' })}, `
      + `${patchCall({ op: 'add', path: '/metadata/generateName', value: prefix })});`);
  }
}
