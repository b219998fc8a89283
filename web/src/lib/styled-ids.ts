/**
 * The runtime half of web/styled-component-ids.ts: the build wraps every `styled.tag` /
 * `styled(Component)` of a file in the file's wrapper, so a component is named by its file and
 * its rank in it (components are made once, in source order, when the module is evaluated)
 * instead of by styled-components' creation counter across the whole app.
 */
interface Configurable<T> {
  withConfig(config: { componentId: string }): T;
}

/** The wrapper of one source file (`file`: a short key of its path). */
export function componentIds(file: string) {
  let rank = 0;
  return <T extends Configurable<T>>(tag: T): T => tag.withConfig({ componentId: `sc-${file}-${rank++}` });
}
