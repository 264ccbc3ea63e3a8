/** In-channel and global search: sent whole when results (or what they show: channel names, presence) changed. */
import { searchView } from '../../projections/views/search-view';
import type { ViewSection } from './section';

export function createSearchSection(): ViewSection {
  return {
    build(patch, { p, changes, reset }) {
      const active = p.search.channel !== null || p.search.global !== null;
      const touched = changes.search || (active && (changes.allChannels || changes.channels.size > 0 || changes.userGuids.size > 0));
      if (reset || touched) patch.search = searchView(p.search, p.channels, p.presence, p.session.user);
    },
    forget() {},
  };
}
