/**
 * CPU and memory a pod requests, from its containers' `resources` (requests, else limits, as the
 * API server defaults requests from limits), and the pod template a Rollout runs.
 */
import { objectOrEmpty as obj, objectsOrEmpty as list } from '../../private/manifest-types';
import { parseQuantity } from '../../private/quantity';

/** CPU and memory of one pod. */
export interface PodRequests {
  /** CPU requested, in millicores (rounded up). */
  readonly cpuMillicores: number;
  /** Memory requested, in bytes. */
  readonly memoryBytes: number;
  /** True when every container sets a CPU request or limit. */
  readonly cpuSet: boolean;
  /** True when every container sets a memory request or limit. */
  readonly memorySet: boolean;
}

/**
 * A Kubernetes quantity (`500m`, `1.5Gi`, `2e3`, `1`) as a number of base units, or undefined when it
 * is not one (parsed exactly, as the API server does, by the shared parser; the number is a float:
 * enough for capacity sums).
 */
export function quantityValue(value: unknown): number | undefined {
  const q = parseQuantity(value);
  return q === undefined ? undefined : Number(q.nanos) / 1e9;
}

function containerRequest(container: unknown, resource: string): number | undefined {
  const resources = obj(obj(container).resources);
  return quantityValue(obj(resources.requests)[resource]) ?? quantityValue(obj(resources.limits)[resource]);
}

/** The amount of `resource` a container has, by `read`, or undefined when it sets none. */
type ContainerAmount = (container: unknown, resource: string) => number | undefined;

/**
 * The total of one pod of a pod spec: the sum over its containers (and sidecars), or the largest
 * init container when that is larger (init containers run one at a time, before the others), plus
 * the pod overhead.
 */
function podTotals(podSpec: unknown, amount: ContainerAmount): PodRequests {
  const spec = obj(podSpec);
  const sum = (containers: readonly unknown[], resource: string) => {
    let total = 0;
    let set = true;
    for (const c of containers) {
      const v = amount(c, resource);
      if (v === undefined) {
        set = false;
      } else {
        total += v;
      }
    }
    return { total, set };
  };
  const largestInit = (resource: string) => list(spec.initContainers)
    .filter(c => c.restartPolicy !== 'Always')
    .reduce((m, c) => Math.max(m, amount(c, resource) ?? 0), 0);
  const sidecars = list(spec.initContainers).filter(c => c.restartPolicy === 'Always');
  const containers = [...list(spec.containers), ...sidecars];
  const cpu = sum(containers, 'cpu');
  const memory = sum(containers, 'memory');
  const overhead = obj(spec.overhead);
  const cpuTotal = Math.max(cpu.total, largestInit('cpu')) + (quantityValue(overhead.cpu) ?? 0);
  const memoryTotal = Math.max(memory.total, largestInit('memory')) + (quantityValue(overhead.memory) ?? 0);
  return {
    cpuMillicores: Math.ceil(Math.round(cpuTotal * 1e6) / 1e3),
    memoryBytes: Math.ceil(memoryTotal),
    cpuSet: containers.length > 0 && cpu.set,
    memorySet: containers.length > 0 && memory.set,
  };
}

/** What one pod of a pod spec requests (requests, else limits, per container; see `podTotals`). */
export function podRequests(podSpec: unknown): PodRequests {
  return podTotals(podSpec, containerRequest);
}

/**
 * The limits of one pod of a pod spec (see `podTotals`); `cpuSet` / `memorySet` are false when a
 * container sets no such limit (the pod's limit is then unbounded).
 */
export function podLimits(podSpec: unknown): PodRequests {
  return podTotals(podSpec, (container, resource) => quantityValue(obj(obj(obj(container).resources).limits)[resource]));
}

/** A CPU amount for people: `250m`, `1.5` (cores). */
export function formatCpu(millicores: number): string {
  if (millicores % 1000 === 0) {
    return String(millicores / 1000);
  }
  return millicores < 1000 ? `${millicores}m` : `${Math.round(millicores / 10) / 100}`;
}

/** A memory amount for people, in binary units: `512Mi`, `1.5Gi`. */
export function formatMemory(bytes: number): string {
  const units: Array<[string, number]> = [['Ti', 2 ** 40], ['Gi', 2 ** 30], ['Mi', 2 ** 20], ['Ki', 2 ** 10]];
  for (const [unit, size] of units) {
    if (bytes >= size) {
      const v = Math.round((bytes / size) * 100) / 100;
      return `${v}${unit}`;
    }
  }
  return `${bytes}`;
}
