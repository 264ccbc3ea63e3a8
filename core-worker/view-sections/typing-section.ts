/** Names typing, per channel: only changed channels appear, [] clears. */
import type { ViewSection } from './section';

export function createTypingSection(): ViewSection {
  return {
    build(patch, { p, changes, reset }) {
      const addresses = reset ? p.typing.byAddress.keys() : changes.typing;
      for (const address of addresses) {
        const typists = p.typing.byAddress.get(address);
        (patch.typing ??= {})[address] = typists ? [...typists.values()].map((t) => t.name).sort() : [];
      }
    },
    forget() {},
  };
}
