import { App, Chart, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { appRelease, AppRegistry, AppSlot } from '../../src/private/app-registry';
import { versionFacts } from '../../src/private/versions';

describe('AppRegistry', () => {
  test('one registry per app, reached from any construct of it, and no child constructs', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'a');
    const inner = new Construct(chart, 'inner');
    AppRegistry.of(inner).setVersion('1.8.3', 'test a/inner');
    expect(AppRegistry.of(app).version).toEqual('1.8.3');
    expect(AppRegistry.of(app).release().version).toEqual('1.8.3');
    expect(AppRegistry.of(chart).versionSetBy).toEqual('test a/inner');
    expect(app.node.children.map(c => c.node.id)).toEqual(['a']);
    expect(chart.node.children.map(c => c.node.id)).toEqual(['inner']);
    // another app has its own
    expect(AppRegistry.of(Testing.app()).version).toBeUndefined();
  });

  test('the default release when nothing sets one', () => {
    const chart = new Chart(Testing.app(), 'a');
    expect(AppRegistry.of(chart).version).toBeUndefined();
    expect(appRelease(chart)).toBe(versionFacts(undefined));
    expect(appRelease(chart).version).toEqual('1.9.1');
  });

  test('the same version twice is fine; two versions are an error naming both', () => {
    const registry = AppRegistry.of(new App());
    registry.setVersion('1.9.1', 'ArgoRollouts app/install');
    registry.setVersion('1.9.1', 'ArgoRolloutsCrds crds/crds');
    expect(registry.release().version).toEqual('1.9.1');
    expect(() => registry.setVersion('1.8.3', 'ArgoRolloutsCrds other/crds'))
      .toThrow(/ArgoRolloutsCrds other\/crds uses Argo Rollouts 1\.8\.3, but ArgoRollouts app\/install already set this app to 1\.9\.1/);
    expect(registry.version).toEqual('1.9.1');
  });

  test('slots: values in the order added, a copy each time; slots of one name are one list', () => {
    const app = Testing.app();
    const slot = new AppSlot<number>('numbers');
    AppRegistry.of(app).add(slot, 1);
    AppRegistry.of(new Chart(app, 'c')).add(new AppSlot<number>('numbers'), 2);
    const list = AppRegistry.of(app).list(slot);
    expect(list).toEqual([1, 2]);
    list.push(3);
    expect(AppRegistry.of(app).list(slot)).toEqual([1, 2]);
    expect(AppRegistry.of(app).list(new AppSlot<string>('other'))).toEqual([]);
  });

  test('once runs its hook once per app', () => {
    const runs: string[] = [];
    const app = Testing.app();
    const hook = (root: any) => runs.push(root.node.path === '' ? 'root' : root.node.path);
    expect(AppRegistry.of(new Chart(app, 'a')).once('k', hook)).toBe(true);
    expect(AppRegistry.of(new Chart(app, 'b')).once('k', hook)).toBe(false);
    AppRegistry.of(Testing.app()).once('k', hook);
    expect(runs).toEqual(['root', 'root']);
  });

  test('the data is shared through a global symbol (another copy of the library finds it)', () => {
    const app = Testing.app();
    AppRegistry.of(app).setVersion('1.8.3', 'x');
    const key = Object.getOwnPropertySymbols(app).find(s => s.description === 'cdk8s-argo-rollouts.app-registry/v1');
    expect(key).toBe(Symbol.for('cdk8s-argo-rollouts.app-registry/v1'));
    expect(Object.keys(app)).not.toContain(String(key));
  });
});
