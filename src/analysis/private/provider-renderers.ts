/**
 * The table of metric-provider renderers. A provider is one file, `src/analysis/providers/<provider>.ts`:
 * its options (public) and, module-local, the shape of its options and the function that checks them
 * and renders its block (`metrics[].provider.<key>`). That file adds its renderer here when it loads (`renderProvider`);
 * `src/analysis/metric-provider.ts` loads every provider's file (it re-exports their options), and its
 * factory `MetricProvider.<provider>()` reads the renderer back by the factory's name.
 */
import { ExpectedStruct } from '../../private/arguments';
import { fail } from '../../private/synth-error';

/** How one factory of `MetricProvider` checks its options and renders `metrics[].provider.<key>`. */
export interface ProviderRenderer<O> {
  /** The fields of its options, for `checkArgument`. */
  readonly options: ExpectedStruct;
  /** Checks what the fields cannot say and renders the block. */
  readonly render: (options: O) => object;
}

// (each under its own options type: `never` takes them all)
const RENDERERS = new Map<string, ProviderRenderer<never>>();

/** Called once per factory by each provider's file, when it loads; `factory` is `MetricProvider.<provider>`. */
export function renderProvider<O>(factory: string, renderer: ProviderRenderer<O>): void {
  if (RENDERERS.has(factory)) {
    fail(`Internal error: ${factory} has two renderers (a provider's file adds each of its factories once, when it loads).`);
  }
  RENDERERS.set(factory, renderer);
}

/** The renderer of a factory; its file is loaded by src/analysis/metric-provider.ts. */
export function providerRenderer<O>(factory: string): ProviderRenderer<O> {
  const renderer = RENDERERS.get(factory);
  if (renderer === undefined) {
    fail(`Internal error: no renderer of ${factory} is loaded. src/analysis/metric-provider.ts loads every provider's file `
      + '(export * from \'./providers/<provider>\'); a provider\'s file must call renderProvider().');
  }
  return renderer as ProviderRenderer<O>;
}
